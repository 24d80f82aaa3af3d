import type { Ledger } from '@bench/ledger';
import { sendJSON } from '../http/send';
import type { RequestState } from '../request-state';

/** Liveness and readiness: 200 when the ledger and the state store answer, else 503 saying which did not. */
export async function handleHealth(state: RequestState, ledger: Ledger, pingState: () => Promise<boolean>): Promise<void> {
  const [ledgerHealth, stateOk] = await Promise.all([
    ledger.health().catch((error: unknown) => ({ ok: false, error: (error as Error).message })),
    pingState().catch(() => false),
  ]);
  const ready = ledgerHealth.ok && stateOk;
  sendJSON(state.res, ready ? 200 : 503, {
    status: ready ? 'ok' : 'not ready',
    ledger: { ok: ledgerHealth.ok, ...('error' in ledgerHealth && ledgerHealth.error ? { error: ledgerHealth.error } : {}) },
    state: { ok: stateOk },
  });
}
