import type { CodecWire } from '../codec-wire';
import { isWireRecord, takeOutField } from '../shared/take-out-field';
import { formatGeminiModelList } from './gemini-model-list';
import { geminiTokenCount } from './gemini-token-count';

export const geminiWire: CodecWire = {
  pathPrefixes: ['/v1beta/'],
  keyHeaders: ['x-goog-api-key'],
  keyQuery: 'key',
  upstreamAuthHeaders: (apiKey): Record<string, string> => (apiKey ? { 'x-goog-api-key': apiKey } : {}),
  outputBudgetField: () => 'generationConfig.maxOutputTokens',
  formatModelList: formatGeminiModelList,
  modelNames: { bareCollections: true },
  repliesNameMember: false,
  carriesReasoning: false,
  carriesFiles: true,
  tokenCount: geminiTokenCount,
  takeOutReasoningControls(body) {
    const taken: string[] = [];
    if (isWireRecord(body.generationConfig)) takeOutField(body.generationConfig, 'thinkingConfig', 'generationConfig.thinkingConfig', taken);
    return taken;
  },
};
