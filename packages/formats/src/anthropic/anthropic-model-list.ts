import type { ModelListing } from '../neutral/model-listing';
import { LISTING_CREATED_ISO } from '../shared/listing-dates';

/** `GET /v1/models` in Anthropic's shape (asked for with an `anthropic-version` header). */
export function formatAnthropicModelList(models: readonly ModelListing[]): Record<string, unknown> {
  const data = models.map((model) => ({
    type: 'model',
    id: model.id,
    display_name: `${model.id} — ${model.description}`,
    created_at: LISTING_CREATED_ISO,
    bench: { kind: model.kind, reply: model.reply },
  }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
