import type { CodecWire } from '../codec-wire';
import { bearerAuthHeaders } from '../shared/bearer-auth';
import { takeOutField } from '../shared/take-out-field';
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
  // A document sent to an Ollama upstream is left out with a warning.
  carriesFiles: false,
  tokenCount: undefined,
  takeOutReasoningControls(body) {
    const taken: string[] = [];
    takeOutField(body, 'think', 'think', taken);
    return taken;
  },
};
