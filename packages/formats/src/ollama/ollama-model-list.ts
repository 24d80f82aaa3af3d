import { createHash } from 'node:crypto';
import type { ModelListing } from '../neutral/model-listing';
import { LISTING_CREATED_ISO } from '../shared/listing-dates';

/** `GET /api/tags` in Ollama's shape. */
export function formatOllamaModelList(models: readonly ModelListing[]): Record<string, unknown> {
  return {
    models: models.map((model) => ({
      name: model.id,
      model: model.id,
      modified_at: LISTING_CREATED_ISO,
      size: 0,
      digest: createHash('sha256').update(model.id).digest('hex'),
      details: { parent_model: '', format: 'bench', family: model.kind, families: [model.kind], parameter_size: '', quantization_level: '' },
      description: model.description,
      bench: { kind: model.kind, reply: model.reply },
    })),
  };
}
