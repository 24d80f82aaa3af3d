import type { Ledger } from '@bench/ledger';
import type { Refusal } from '../events/engine-events';
import type { EngineLogger } from '../runtime/engine-logger';

/**
 * Hands a refusal to the ledger's roll-up (a refused request makes no call, so this is all that is kept of it): the
 * dashboard shows refusals after a restart, and every replica's on a shared database.
 */
export function recordRefusal(ledger: Ledger, refusal: Refusal, time: number, logger: EngineLogger): void {
  try {
    const { keyName, collection, scope, limit } = refusal;
    ledger.recordRefusal({ time, keyName, scope, limit, ...(collection !== undefined ? { collection } : {}) });
  } catch (error) {
    logger.error({ err: (error as Error).message }, 'a refusal could not be recorded');
  }
}
