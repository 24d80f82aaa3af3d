import type { IncomingHttpHeaders } from 'node:http';
import type { Engine } from '@bench/engine';
import { extractKey } from '../auth/extract-key';
import type { RequestState } from '../request-state';

/**
 * Liveness and readiness: 200 when the ledger and the state store answer, else 503 saying which did not. The route
 * is open (probes carry no key); its provider key pools (variable names and cooldowns) are shown only where the
 * admin surfaces are: with no keys configured (loopback only), or to a caller presenting an admin key.
 */
export async function handleHealth(state: RequestState, engine: Engine): Promise<void> {
  const health = await engine.health();
  const body: Record<string, unknown> = { status: health.ready ? 'ok' : 'not ready', ledger: health.ledger, state: health.state };
  if (health.keyPools && mayReadKeyPools(state, engine)) body.keyPools = health.keyPools;
  state.reply.json(health.ready ? 200 : 503, body);
}

function mayReadKeyPools(state: RequestState, engine: Engine): boolean {
  if (!engine.keysEnabled) return true;
  const presented = extractKey(state.headers as IncomingHttpHeaders, state.url.searchParams);
  return presented !== undefined && engine.authenticate(presented)?.admin === true;
}
