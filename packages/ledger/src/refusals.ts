/** Whose limit refused a request: the key's own, or the collection's (for every caller together). */
export type RefusalScope = 'key' | 'collection';
export type RefusalLimit = 'rpm' | 'tpm' | 'budget';
export const REFUSAL_SCOPES: readonly RefusalScope[] = ['key', 'collection'];
export const REFUSAL_LIMITS: readonly RefusalLimit[] = ['rpm', 'tpm', 'budget'];

/** A request the gateway's own limits refused before any upstream call, as the engine hands it over (never its prompt). */
export interface RefusalInput {
  /** Epoch ms; the ledger's clock when absent. */
  time?: number;
  keyName: string;
  /** The collection the request called; absent for a model alias. */
  collection?: string;
  scope: RefusalScope;
  limit: RefusalLimit;
}

/** A refusal as stored: counted per minute, key, collection, scope and limit (the `refusals` roll-up). */
export interface RefusalRecord {
  /**
   * Given when the refusal is queued and kept through every retry of its batch: a store counts each id once, so a
   * batch retried after a lost reply (its commit done, the answer never heard) does not count its refusals twice.
   */
  id: string;
  /** Epoch ms of the refusal's whole UTC minute. */
  minute: number;
  keyName: string;
  collection: string | null;
  scope: RefusalScope;
  limit: RefusalLimit;
}

/** Refusals from `from` (inclusive) to `to` (exclusive), epoch ms; counted by the minute. */
export interface RefusalsQuery {
  from: number;
  to: number;
}

/** How many requests one limit refused one key in the range. */
export interface RefusalCount {
  keyName: string;
  collection: string | null;
  scope: RefusalScope;
  limit: RefusalLimit;
  count: number;
}

export const MINUTE_MS = 60_000;

/** How long a refusal's id is kept after its minute, to know a batch written again (see `RefusalRecord.id`). */
export const REFUSAL_IDS_KEPT_MS = 24 * 60 * MINUTE_MS;

/** The minute before which a batch's writer drops stored refusal ids: a day before the batch's latest refusal. */
export function refusalIdsBefore(records: readonly RefusalRecord[]): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const record of records) if (record.minute > latest) latest = record.minute;
  return latest - REFUSAL_IDS_KEPT_MS;
}

/** A row's place in the roll-up: its minute, key, collection, scope and limit. */
export const refusalRowId = (record: RefusalRecord): string =>
  [record.minute, record.keyName, record.collection ?? '', record.scope, record.limit].join('\u0000');

/** A batch's refusals summed per row of the roll-up, sorted so concurrent writers lock rows in one order. */
export function refusalDeltas(records: Iterable<RefusalRecord>): Array<RefusalRecord & { count: number }> {
  const rows = new Map<string, RefusalRecord & { count: number }>();
  for (const record of records) {
    const id = refusalRowId(record);
    const row = rows.get(id);
    if (row) row.count += 1;
    else rows.set(id, { ...record, count: 1 });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** Most refused first, then by key, limit and collection: the order every store answers in. */
export function sortRefusalCounts(counts: RefusalCount[]): RefusalCount[] {
  const text = (count: RefusalCount) => `${count.keyName}\u0000${count.scope}\u0000${count.limit}\u0000${count.collection ?? ''}`;
  return counts.sort((a, b) => b.count - a.count || (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
}

/** The roll-up's rows in the range summed per key, collection, scope and limit (the memory store's query). */
export function countRefusals(rows: Iterable<RefusalRecord & { count: number }>, query: RefusalsQuery): RefusalCount[] {
  const counts = new Map<string, RefusalCount>();
  for (const row of rows) {
    if (row.minute < query.from || row.minute >= query.to) continue;
    const id = [row.keyName, row.collection ?? '', row.scope, row.limit].join('\u0000');
    const count = counts.get(id);
    if (count) count.count += row.count;
    else counts.set(id, { keyName: row.keyName, collection: row.collection, scope: row.scope, limit: row.limit, count: row.count });
  }
  return sortRefusalCounts([...counts.values()]);
}
