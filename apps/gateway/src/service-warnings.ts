import type { GatewayConfig } from '@bench/gateway-node';
import { probeService } from './probe-service';
import { ledgerPlace, statePlace } from './service-address';

const PROBE_MS = 1500;

/** The ledger's database, when it is Postgres and cannot be reached: the reason, naming it and its address. */
export async function unreachableLedger(config: GatewayConfig): Promise<string | undefined> {
  const ledger = ledgerPlace(config.ledger);
  if (!ledger.address) return undefined;
  const reason = await probeService(ledger.address, PROBE_MS);
  if (reason === undefined) return undefined;
  return `the ledger (Postgres at ${ledger.address.host}:${ledger.address.port}) cannot be reached: ${reason}; start it, or point the config's "ledger" (or --ledger for stats) elsewhere, e.g. sqlite:.bench/ledger.db`;
}

/** The state store, when it is Redis and cannot be reached. */
export async function unreachableState(config: GatewayConfig): Promise<string | undefined> {
  const state = statePlace(config.state);
  if (!state.address) return undefined;
  const reason = await probeService(state.address, PROBE_MS, 'redis');
  if (reason === undefined) return undefined;
  return `the state store (Redis at ${state.address.host}:${state.address.port}) cannot be reached: ${reason}; route turns wait for it and lose stickiness until it answers; start Redis, or set "state": "memory:" for a single process`;
}
