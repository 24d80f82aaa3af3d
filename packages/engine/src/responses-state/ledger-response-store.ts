import type { Ledger } from '@bench/ledger';
import { parseStoredResponse } from './parse-stored-response';
import type { ResponseStore } from './response-store';

/**
 * Stored responses in the ledger's database (a SQLite ledger's file, through its worker thread), not the heap: they
 * survive a restart, and a process that keeps many holds none of them.
 */
export function createLedgerResponseStore(ledger: Ledger): ResponseStore {
  return {
    async get(id, ttlMs) {
      const body = await ledger.keptResponse(id, ttlMs);
      return body === undefined ? undefined : parseStoredResponse(body);
    },
    put: (id, stored, ttlMs) => ledger.keepResponse(id, JSON.stringify(stored), ttlMs),
    delete: (id) => ledger.forgetResponse(id),
  };
}
