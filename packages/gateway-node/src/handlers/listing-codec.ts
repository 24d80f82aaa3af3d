import type { Protocol } from '@bench/formats';
import type { RequestState } from '../request-state';

/** Whose listing shape a listing route answers in: its path's protocol, or Anthropic's when an `anthropic-version` header asks for it on `/v1/models`. */
export function listingCodec(state: RequestState): Protocol {
  return state.protocol === 'openai-chat' && state.headers['anthropic-version'] ? 'anthropic' : state.protocol;
}
