import type { Ledger, ModelRecord, ShapeRecord as LedgerShapeRecord } from '@bench/ledger';
import type { MemberRecord, RecordSource, ShapeRecord } from '@bench/router';

/**
 * The router's records from the ledger's (per model, as a whole and on each
 * shape: calls, useful and not-useful verdicts, failures, last use, across
 * every collection and bare-alias call), read at most once per `maxAgeMs` so
 * that planning a turn does not wait on the store. `invalidate()` (a verdict
 * taken here, or announced by another replica) makes the next read go to the
 * ledger, even while an older read is still under way.
 */
export interface LedgerRecordSource extends RecordSource {
  /** A verdict was taken (here or on another replica): the next read goes to the ledger. */
  invalidate(): void;
  /** A route turn was answered: its last use, on the whole record and the shape's, until the next read. */
  noteUse(alias: string, at: number, shape?: string): void;
  /** A panel seated it (now): one more call and its last use, on the whole record and the shape's, until the next read. */
  noteSeat(alias: string, shape: string): void;
}

export function ledgerRecordSource(
  ledger: Ledger,
  options: { maxAgeMs?: number; waitMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): LedgerRecordSource {
  // This replica reads a verdict at once (invalidate); others are told over the state store, and without that message
  // (no shared store, or it is down) read it after at most maxAgeMs and one read.
  const maxAgeMs = options.maxAgeMs ?? 1_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; records: Map<string, MemberRecord> } | undefined;
  let loading: Promise<Map<string, MemberRecord>> | undefined;
  /** Bumped by every invalidation: a read that started before one may have missed what it announced. */
  let generation = 0;

  const load = async (): Promise<Map<string, MemberRecord>> => {
    // Aged from when the read started: a row written while it ran is read again within maxAgeMs of that start.
    const startedAt = now();
    const startedGeneration = generation;
    let rows: ModelRecord[];
    try {
      rows = await ledger.records();
    } catch (error) {
      // A ledger that cannot be read (a database down) must not fail the turn: it is ranked by the last records read
      // (none, before the first), and read again after maxAgeMs rather than at every request.
      options.onError?.(error);
      const kept = cached?.records ?? new Map<string, MemberRecord>();
      cached = { at: now(), records: kept };
      return kept;
    }
    const records = new Map<string, MemberRecord>();
    for (const row of rows) records.set(row.alias, memberRecordOf(row));
    if (startedGeneration === generation) cached = { at: startedAt, records };
    else if (cached === undefined) cached = { at: Number.NEGATIVE_INFINITY, records }; // something to rank by meanwhile
    return records;
  };

  // One read of the store at a time; a turn does not wait for it longer than waitMs (a database that hangs): it goes
  // on with what was last read (none before the first), and the read finishes for the turns after it.
  const waitMs = options.waitMs ?? 1_000;
  const read = (): Promise<Map<string, MemberRecord>> => {
    if (loading) return loading;
    const started = load().finally(() => {
      if (loading === started) loading = undefined;
    });
    loading = started;
    return started;
  };
  const readWithin = (): Promise<Map<string, MemberRecord>> => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<Map<string, MemberRecord>>((resolve) => {
      timer = setTimeout(() => resolve(cached?.records ?? new Map()), waitMs);
      timer.unref();
    });
    return Promise.race([read(), waited]).finally(() => clearTimeout(timer));
  };

  return {
    getRecords(aliases) {
      // Fresh records answer at once (no promise for the router to wait on); stale ones are read first.
      if (cached && now() - cached.at < maxAgeMs) return pick(cached.records, aliases);
      return readWithin().then((records) => pick(records, aliases));
    },
    // A read already under way is not waited for: the next read starts afresh.
    invalidate() {
      generation += 1;
      loading = undefined;
      if (cached) cached = { at: Number.NEGATIVE_INFINITY, records: cached.records };
    },
    // Until the ledger is read again (the calls written by then), the choices within the cache's age see each use:
    // rotation and explorers move on to the next member instead of picking the same one for a second.
    noteUse(alias, at, shape) {
      cached?.records.set(alias, withUse(cached.records.get(alias), at, shape, 0));
    },
    noteSeat(alias, shape) {
      cached?.records.set(alias, withUse(cached.records.get(alias), now(), shape, 1));
    },
  };
}

/**
 * A copy of the record with its last use at `at` and `calls` more calls, whole and on `shape` where it has a record
 * there (one is not made up: until the ledger says so, the choices fall back to the whole record as before). Records
 * handed out stay as they were.
 */
function withUse(record: MemberRecord | undefined, at: number, shape: string | undefined, calls: number): MemberRecord {
  // Built field by field, not spread: a turn makes one, and a spread with keys its source lacks is slow to build and
  // to read in Node 20 (the router reads these while ranking).
  const used: MemberRecord = { useful: record?.useful ?? 0, calls: (record?.calls ?? 0) + calls, lastUsedAt: at };
  if (record === undefined) return used;
  if (record.notUseful !== undefined) used.notUseful = record.notUseful;
  if (record.failures !== undefined) used.failures = record.failures;
  if (record.score !== undefined) used.score = record.score;
  const shapes = record.shapes;
  if (shapes === undefined) return used;
  const onShape = shape !== undefined && Object.hasOwn(shapes, shape) ? shapes[shape] : undefined;
  if (shape === undefined || onShape === undefined) {
    used.shapes = shapes;
    return used;
  }
  // Object.assign, not `{ ...shapes, [shape]: { ...onShape, … } }`: a spread followed by a computed key (or a key its
  // source lacks) takes Node 20's slow path, and a panel notes every seat.
  const next: Record<string, ShapeRecord> = Object.assign({}, shapes);
  next[shape] = Object.assign({}, onShape, { lastUsedAt: at, calls: onShape.calls + calls });
  used.shapes = next;
  return used;
}

function pick(records: ReadonlyMap<string, MemberRecord>, aliases: readonly string[]): Map<string, MemberRecord> {
  const picked = new Map<string, MemberRecord>();
  for (const alias of aliases) {
    const record = records.get(alias);
    if (record) picked.set(alias, record);
  }
  return picked;
}

/** A model's ledger record as the router reads it: the whole record, and one per shape. */
function memberRecordOf(row: ModelRecord): MemberRecord {
  const shapes: Record<string, ShapeRecord> = {};
  for (const shape of row.shapes) if (shape.shape !== null) shapes[shape.shape] = shapeRecordOf(shape);
  const whole = row.whole;
  const record: MemberRecord = { useful: whole.useful, notUseful: whole.notUseful, calls: whole.calls, failures: whole.failures, shapes };
  if (whole.lastUsed !== null) record.lastUsedAt = whole.lastUsed;
  return record;
}

function shapeRecordOf(row: LedgerShapeRecord): ShapeRecord {
  const record: ShapeRecord = { calls: row.calls, useful: row.useful, notUseful: row.notUseful, failures: row.failures, cost: row.cost };
  if (row.firstTokenSeconds !== null) record.firstTokenSeconds = row.firstTokenSeconds;
  if (row.seconds !== null) record.totalSeconds = row.seconds;
  if (row.lastUsed !== null) record.lastUsedAt = row.lastUsed;
  return record;
}
