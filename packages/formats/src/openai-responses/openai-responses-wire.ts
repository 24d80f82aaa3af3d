import type { CodecWire } from '../codec-wire';
import { formatOpenAIModelList } from '../openai-chat/openai-model-list';
import { bearerAuthHeaders } from '../shared/bearer-auth';

export const openaiResponsesWire: CodecWire = {
  pathPrefixes: ['/v1/responses'],
  keyHeaders: ['authorization'],
  upstreamAuthHeaders: bearerAuthHeaders,
  outputBudgetField: () => 'max_output_tokens',
  formatModelList: formatOpenAIModelList,
  modelNames: {},
  repliesNameMember: true,
  carriesReasoning: true,
};
