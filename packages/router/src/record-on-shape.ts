import type { MemberRecord } from './stores/record-source';

/** What a choice reads of a member's record on one shape. */
export interface RecordOnShape {
  /** `shape`: the record on the request's shape; `whole`: the model's whole record (the shape has none); `none`: no record. */
  from: 'shape' | 'whole' | 'none';
  calls: number;
  useful: number;
  notUseful: number;
  failures: number;
  lastUsedAt?: number;
}

/** The record on `shape`, falling back to the model's whole record where the shape has none. */
export function recordOnShape(record: MemberRecord | undefined, shape: string): RecordOnShape {
  if (record === undefined) return { from: 'none', calls: 0, useful: 0, notUseful: 0, failures: 0 };
  const onShape = record.shapes !== undefined && Object.hasOwn(record.shapes, shape) ? record.shapes[shape] : undefined;
  const read = onShape ?? record;
  // Key by key, not a conditional spread (Node 20's slow path): this runs for every member of every plan.
  const out: RecordOnShape = {
    from: onShape !== undefined ? 'shape' : 'whole',
    calls: read.calls ?? 0,
    useful: read.useful,
    notUseful: read.notUseful ?? 0,
    failures: read.failures ?? 0,
  };
  if (read.lastUsedAt !== undefined) out.lastUsedAt = read.lastUsedAt;
  return out;
}
