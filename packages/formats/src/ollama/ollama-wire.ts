import type { CodecWire } from '../codec-wire';
import { bearerAuthHeaders } from '../shared/bearer-auth';
import { formatOllamaModelList } from './ollama-model-list';

export const ollamaWire: CodecWire = {
  pathPrefixes: ['/api/'],
  keyHeaders: ['authorization'],
  upstreamAuthHeaders: bearerAuthHeaders,
  outputBudgetField: () => 'options.num_predict',
  formatModelList: formatOllamaModelList,
  modelNames: { latestTag: true },
  repliesNameMember: false,
  carriesReasoning: false,
};
