import type { CodecWire } from '../codec-wire';
import { isWireRecord, takeOutField } from '../shared/take-out-field';
import { formatAnthropicModelList } from './anthropic-model-list';
import { anthropicTokenCount } from './anthropic-token-count';

export const anthropicWire: CodecWire = {
  pathPrefixes: ['/v1/messages'],
  keyHeaders: ['x-api-key', 'authorization'],
  upstreamAuthHeaders: (apiKey) => ({ 'anthropic-version': '2023-06-01', ...(apiKey ? { 'x-api-key': apiKey } : {}) }),
  outputBudgetField: () => 'max_tokens',
  formatModelList: formatAnthropicModelList,
  modelNames: {},
  repliesNameMember: false,
  carriesReasoning: true,
  carriesFiles: true,
  tokenCount: anthropicTokenCount,
  takeOutReasoningControls(body) {
    const taken: string[] = [];
    takeOutField(body, 'thinking', 'thinking', taken);
    if (isWireRecord(body.output_config)) {
      takeOutField(body.output_config, 'effort', 'output_config.effort', taken);
      if (Object.keys(body.output_config).length === 0) delete body.output_config;
    }
    return taken;
  },
};
