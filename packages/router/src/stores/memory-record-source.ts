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
      const found = new Map<string, MemberRecord>();
      for (const alias of aliases) {
        const record = records.get(alias);
        if (record !== undefined) found.set(alias, record);
      }
      return found;
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
