import type { Engine, ListedModel, Target } from '@bench/engine';
import { getCodec } from '@bench/formats';
import { listingCodec } from './listing-codec';
import type { RequestState } from '../request-state';

/**
 * `GET /v1/models/{model}` (OpenAI's and, with an `anthropic-version` header,
 * Anthropic's "retrieve a model"): the listing's entry for a name the key may
 * call. A name the config's `aliases` maps gets its target's entry under the
 * name asked for; anything else is the 404 (or 403) a call by that name gets.
 */
export function handleModelEntry(state: RequestState, engine: Engine): void {
  const wanted = state.route.pathModel ?? '';
  const target = engine.resolve(wanted, { key: state.caller, protocol: state.protocol });
  const listed = engine.listings(state.caller).find((model) => isListingOf(model, target))!;
  const entry = (getCodec(listingCodec(state)).wire.formatModelList([listed]).data as Array<Record<string, unknown>>)[0]!;
  entry.id = wanted;
  state.reply.json(200, entry);
}

function isListingOf(model: ListedModel, target: Target): boolean {
  if (target.kind === 'model') return model.kind === 'model' && model.name === target.model.alias;
  return model.kind === 'collection' && model.name.split(':')[0] === target.collection.name && model.reply === target.mode;
}
