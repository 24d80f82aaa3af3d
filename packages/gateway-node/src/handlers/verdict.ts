import type { Engine } from '@bench/engine';
import { readJSONBody } from '../http/read-body';
import { sendJSON } from '../http/send';
import type { RequestState } from '../request-state';

/**
 * `POST /bench/verdict` `{"call", "useful", "note"?}`. A key may judge the calls
 * made with it, or calls in a collection (or to a model alias) it may call.
 */
export async function handleVerdict(state: RequestState, engine: Engine): Promise<void> {
  const body = await readJSONBody(state.req, engine.config.server.bodyLimitBytes);
  const verdict = await engine.verdict(body, state.caller);
  sendJSON(state.res, 200, { object: 'bench.verdict', ...verdict });
}
