import type { Ledger, ModelStats } from '@bench/ledger';
import type { MemberRecord, RecordSource } from '@bench/router';

/**
 * The router's records from the ledger's stats (useful verdicts across every
 * collection and bare-alias call, last use), read at most once per `maxAgeMs`
 * so that planning a turn does not wait on the store.
 */
export function ledgerRecordSource(ledger: Ledger, options: { maxAgeMs?: number; now?: () => number } = {}): RecordSource {
  const maxAgeMs = options.maxAgeMs ?? 2_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; records: Map<string, MemberRecord> } | undefined;
  let loading: Promise<Map<string, MemberRecord>> | undefined;

  const load = async (): Promise<Map<string, MemberRecord>> => {
    const stats: ModelStats[] = await ledger.stats();
    const records = new Map<string, MemberRecord>();
    for (const row of stats) records.set(row.alias, { useful: row.useful, ...(row.lastUsed !== null ? { lastUsedAt: row.lastUsed } : {}) });
    cached = { at: now(), records };
    return records;
  };

  return {
    async getRecords(aliases) {
      let records = cached && now() - cached.at < maxAgeMs ? cached.records : undefined;
      if (!records) {
        loading ??= load().finally(() => {
          loading = undefined;
        });
        records = await loading;
      }
      const picked = new Map<string, MemberRecord>();
      for (const alias of aliases) {
        const record = records.get(alias);
        if (record) picked.set(alias, record);
      }
      return picked;
    },
    noteUse(alias, at) {
      const record = cached?.records.get(alias);
      if (cached) cached.records.set(alias, { useful: record?.useful ?? 0, ...record, lastUsedAt: at });
    },
  };
}
