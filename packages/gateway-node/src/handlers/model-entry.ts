import type { GatewayConfig } from '../config/resolved-config';
import { resolveRequestTarget } from '../generate/resolve-request-target';
import { sendJSON } from '../http/send';
import { anthropicModelList, openaiModelList } from '../listings/format-listings';
import { listedModels, type ListedModel } from '../listings/listed-models';
import type { Target } from '../names/resolve-target';
import type { RequestState } from '../request-state';

/**
 * `GET /v1/models/{model}` (OpenAI's and, with an `anthropic-version` header,
 * Anthropic's "retrieve a model"): the listing's entry for a name the key may
 * call. A name the config's `aliases` maps gets its target's entry under the
 * name asked for; anything else is the 404 (or 403) a call by that name gets.
 */
export function handleModelEntry(state: RequestState, config: GatewayConfig): void {
  const wanted = state.route.pathModel ?? '';
  const target = resolveRequestTarget(state, config, wanted);
  const listed = listedModels(config, state.caller).find((model) => isListingOf(model, target))!;
  const anthropic = state.req.headers['anthropic-version'] !== undefined;
  const entry = ((anthropic ? anthropicModelList([listed]) : openaiModelList([listed])).data as Array<Record<string, unknown>>)[0]!;
  entry.id = wanted;
  sendJSON(state.res, 200, entry);
}

function isListingOf(model: ListedModel, target: Target): boolean {
  if (target.kind === 'model') return model.kind === 'model' && model.name === target.model.alias;
  return model.kind === 'collection' && model.name.split(':')[0] === target.collection.name && model.reply === target.mode;
}
