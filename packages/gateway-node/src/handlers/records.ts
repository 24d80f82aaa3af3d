import type { Engine } from '@bench/engine';
import type { RequestState } from '../request-state';

/**
 * `GET /bench/records[?collection=NAME][&shape=SHAPE]`: per collection the key may call, member and shape, the
 * record every choice reads, and what the next new conversation would get, with why.
 */
export async function handleRecords(state: RequestState, engine: Engine): Promise<void> {
  const collection = state.url.searchParams.get('collection') ?? undefined;
  const shape = state.url.searchParams.get('shape') ?? undefined;
  const collections = await engine.records(state.caller, { ...(collection !== undefined ? { collection } : {}), ...(shape !== undefined ? { shape } : {}) });
  state.reply.json(200, { object: 'bench.records', shapes: engine.config.shapes, collections });
}
