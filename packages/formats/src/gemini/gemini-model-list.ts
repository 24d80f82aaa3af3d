import type { ModelListing } from '../neutral/model-listing';

/** `GET /v1beta/models` in Gemini's shape: names without bench's prefix, under `models/`. */
export function formatGeminiModelList(models: readonly ModelListing[]): Record<string, unknown> {
  return {
    models: models.map((model) => ({
      name: `models/${model.name}`,
      version: '1',
      displayName: model.name,
      description: `${model.description} (reply: ${model.reply})`,
      ...(model.contextWindow ? { inputTokenLimit: model.contextWindow } : {}),
      ...(model.maxOutput ? { outputTokenLimit: model.maxOutput } : {}),
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    })),
  };
}
