import type { CodecWire } from '../codec-wire';
import { bearerAuthHeaders } from '../shared/bearer-auth';
import { takeOutField } from '../shared/take-out-field';
import { formatOpenAIModelList } from './openai-model-list';

export const openaiChatWire: CodecWire = {
  pathPrefixes: ['/v1/'],
  keyHeaders: ['authorization'],
  upstreamAuthHeaders: bearerAuthHeaders,
  outputBudgetField: (body) => (typeof body === 'object' && body !== null && 'max_completion_tokens' in body ? 'max_completion_tokens' : 'max_tokens'),
  formatModelList: formatOpenAIModelList,
  modelNames: {},
  repliesNameMember: true,
  carriesReasoning: false,
  carriesFiles: true,
  tokenCount: undefined,
  takeOutReasoningControls(body) {
    const taken: string[] = [];
    takeOutField(body, 'reasoning_effort', 'reasoning_effort', taken);
    return taken;
  },
};
