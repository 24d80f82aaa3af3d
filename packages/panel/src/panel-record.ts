/** One model's record on one shape (the same fields as `@bench/router`'s `ShapeRecord`). */
export interface PanelShapeRecord {
  calls: number;
  useful: number;
  notUseful: number;
  failures: number;
  firstTokenSeconds?: number;
  totalSeconds?: number;
  cost?: number;
  lastUsedAt?: number;
}

/** A model's record (the same fields as `@bench/router`'s `MemberRecord`): whole, and per shape. */
export interface PanelRecord {
  useful: number;
  notUseful?: number;
  calls?: number;
  failures?: number;
  lastUsedAt?: number;
  shapes?: Readonly<Record<string, PanelShapeRecord>>;
}

/**
 * Records per alias (the gateway fills them from the ledger's stats): a count of
 * useful verdicts (as before shapes), or a whole record with its shapes.
 */
export type UsefulRecords =
  | ((alias: string) => number | PanelRecord | undefined)
  | ReadonlyMap<string, number | PanelRecord>
  | Readonly<Record<string, number | PanelRecord>>;

/** What a choice reads: the record on the shape, else the model's whole record, else nothing. */
export interface ReadRecord {
  from: 'shape' | 'whole' | 'none';
  useful: number;
  notUseful: number;
  calls: number;
  lastUsedAt?: number;
}

export function readRecord(records: UsefulRecords | undefined, alias: string, shape: string): ReadRecord {
  const found = lookup(records, alias);
  if (found === undefined) return { from: 'none', useful: 0, notUseful: 0, calls: 0 };
  if (typeof found === 'number') return { from: 'whole', useful: found, notUseful: 0, calls: 0 };
  const onShape = found.shapes !== undefined && Object.hasOwn(found.shapes, shape) ? found.shapes[shape] : undefined;
  const read = onShape ?? found;
  return {
    from: onShape ? 'shape' : 'whole',
    useful: read.useful,
    notUseful: read.notUseful ?? 0,
    calls: read.calls ?? 0,
    ...(read.lastUsedAt !== undefined ? { lastUsedAt: read.lastUsedAt } : {}),
  };
}

/** Which record a choice read, in words: `on code`, `overall (none on code)`, `with no record`. */
export function whereRead(read: ReadRecord, shape: string): string {
  return read.from === 'shape' ? `on ${shape}` : read.from === 'whole' ? `overall (none on ${shape})` : 'with no record';
}

function lookup(records: UsefulRecords | undefined, alias: string): number | PanelRecord | undefined {
  if (!records) return undefined;
  if (typeof records === 'function') return records(alias);
  if (records instanceof Map) return records.get(alias);
  const record = records as Readonly<Record<string, number | PanelRecord>>;
  return Object.hasOwn(record, alias) ? record[alias] : undefined;
}
