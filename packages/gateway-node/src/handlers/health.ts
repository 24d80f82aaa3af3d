import type { Engine } from '@bench/engine';
import type { RequestState } from '../request-state';

/** Liveness and readiness: 200 when the ledger and the state store answer, else 503 saying which did not. */
export async function handleHealth(state: RequestState, engine: Engine): Promise<void> {
  const health = await engine.health();
  state.reply.json(health.ready ? 200 : 503, { status: health.ready ? 'ok' : 'not ready', ledger: health.ledger, state: health.state });
}
