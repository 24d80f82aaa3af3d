import type { ModelListing } from '../neutral/model-listing';
import { LISTING_CREATED } from '../shared/listing-dates';

/** `GET /v1/models` in OpenAI's shape (Chat and Responses share it). */
export function formatOpenAIModelList(models: readonly ModelListing[]): Record<string, unknown> {
  return {
    object: 'list',
    data: models.map((model) => ({
      id: model.id,
      object: 'model',
      created: LISTING_CREATED,
      owned_by: 'bench',
      description: model.description,
      bench: { kind: model.kind, reply: model.reply },
    })),
  };
}
