import type { CodecWire } from '../codec-wire';
import { formatAnthropicModelList } from './anthropic-model-list';

export const anthropicWire: CodecWire = {
  pathPrefixes: ['/v1/messages'],
  keyHeaders: ['x-api-key', 'authorization'],
  upstreamAuthHeaders: (apiKey) => ({ 'anthropic-version': '2023-06-01', ...(apiKey ? { 'x-api-key': apiKey } : {}) }),
  outputBudgetField: () => 'max_tokens',
  formatModelList: formatAnthropicModelList,
  modelNames: {},
  repliesNameMember: false,
  carriesReasoning: true,
};
