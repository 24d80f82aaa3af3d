import type { Engine } from '@bench/engine';
import { getCodec } from '@bench/formats';
import type { RequestState } from '../request-state';
import { listingCodec } from './listing-codec';

/** `/v1/models` (Anthropic's shape when an `anthropic-version` header is sent), `/v1beta/models`, `/api/tags`: each codec's listing. */
export function handleListModels(state: RequestState, engine: Engine): void {
  state.reply.json(200, getCodec(listingCodec(state)).wire.formatModelList(engine.listings(state.caller)));
}
