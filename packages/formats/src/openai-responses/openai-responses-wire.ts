import type { CodecWire } from '../codec-wire';
import { formatOpenAIModelList } from '../openai-chat/openai-model-list';
import { bearerAuthHeaders } from '../shared/bearer-auth';
import { takeOutField } from '../shared/take-out-field';
import { responsesTokenCount } from './openai-responses-token-count';

export const openaiResponsesWire: CodecWire = {
  pathPrefixes: ['/v1/responses'],
  keyHeaders: ['authorization'],
  upstreamAuthHeaders: bearerAuthHeaders,
  outputBudgetField: () => 'max_output_tokens',
  formatModelList: formatOpenAIModelList,
  modelNames: {},
  repliesNameMember: true,
  carriesReasoning: true,
  carriesFiles: true,
  tokenCount: responsesTokenCount,
  takeOutReasoningControls(body) {
    const taken: string[] = [];
    takeOutField(body, 'reasoning', 'reasoning', taken);
    // Codex asks for its reasoning back encrypted (store: false); a model without reasoning refuses that include.
    if (Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content')) {
      const rest = body.include.filter((item) => item !== 'reasoning.encrypted_content');
      if (rest.length > 0) body.include = rest;
      else delete body.include;
      taken.push('include reasoning.encrypted_content');
    }
    return taken;
  },
};
