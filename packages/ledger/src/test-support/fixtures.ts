import type { CallInput } from '../call-record';
import type { LedgerOptions } from '../ledger';

/** A deterministic clock: each reading one millisecond after the last, from a fixed start. */
export function steppingClock(start = 1_800_000_000_000): () => number {
  let now = start;
  return () => now++;
}

export function call(id: string, fields: Partial<CallInput> = {}): CallInput {
  return { id, purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok', ...fields };
}

export type OpenLedger = (options?: LedgerOptions) => Promise<import('../ledger').Ledger>;
