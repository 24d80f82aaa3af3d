import type { Engine } from '@bench/engine';
import type { RequestState } from '../request-state';

/**
 * `POST /bench/verdict` `{"call", "useful", "note"?}`. A key may judge the calls
 * made with it, or calls in a collection (or to a model alias) it may call.
 */
export async function handleVerdict(state: RequestState, engine: Engine): Promise<void> {
  const body = await state.readBody(engine.config.server.bodyLimitBytes);
  const verdict = await engine.verdict(body, state.caller);
  state.reply.json(200, { object: 'bench.verdict', ...verdict });
}
