import type { Engine } from '@bench/engine';
import type { RequestState } from '../request-state';

/**
 * `GET /bench/keys/me`: the calling key's rpm, tpm and budget, each with what its window holds and when it frees,
 * and those of the collections it may call (without keys: the local caller, who has none of its own).
 */
export async function handleKeyUsage(state: RequestState, engine: Engine): Promise<void> {
  state.reply.json(200, await engine.keyUsage(state.caller));
}
