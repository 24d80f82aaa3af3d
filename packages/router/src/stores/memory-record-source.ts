import { pickByAlias } from './pick-by-alias';
import type { MemberRecord, RecordSource } from './record-source';

export interface MemoryRecordSource extends RecordSource {
  set(alias: string, record: MemberRecord): void;
  /** Adds useful verdicts to a member's record. */
  addUseful(alias: string, count?: number): void;
  noteUse(alias: string, at: number): void;
}

/** Records held in this process: for tests, demos, and until a ledger provides them. */
export function createMemoryRecordSource(initial: Readonly<Record<string, MemberRecord>> = {}): MemoryRecordSource {
  const records = new Map<string, MemberRecord>(Object.entries(initial));
  return {
    getRecords(aliases: readonly string[]): ReadonlyMap<string, MemberRecord> {
      return pickByAlias(records, aliases);
    },
    set(alias: string, record: MemberRecord): void {
      records.set(alias, { ...record });
    },
    addUseful(alias: string, count = 1): void {
      const record = records.get(alias) ?? { useful: 0 };
      records.set(alias, { ...record, useful: record.useful + count });
    },
    noteUse(alias: string, at: number): void {
      const record = records.get(alias) ?? { useful: 0 };
      records.set(alias, { ...record, lastUsedAt: at });
    },
  };
}
