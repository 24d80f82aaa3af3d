import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import type { MemberRecord, ShapeRecord } from './stores/record-source';

const valid = new WeakSet<object>();
/** Shape records and maps of them already checked: a source's new record each turn mostly carries the same ones. */
const validShapes = new WeakSet<object>();

/**
 * Checks the records a source gave (once per record object): counts are
 * integers, 0 or more; seconds and cost are 0 or more; throws naming the field.
 * A source may hand a new object every turn (the engine's notes each use), so
 * a record that passes builds no text: a field's path is only written out to
 * name it in an error.
 */
export function validateRecords(records: ReadonlyMap<string, MemberRecord>): void {
  for (const [alias, record] of records) {
    if (valid.has(record)) continue;
    const at = () => `records[${JSON.stringify(alias)}]`;
    if (typeof record !== 'object' || record === null) throw new InvalidRouteInputError(at(), 'must be a record object');
    count(at, 'useful', record.useful, true);
    count(at, 'notUseful', record.notUseful, false);
    count(at, 'calls', record.calls, false);
    count(at, 'failures', record.failures, false);
    moment(at, 'lastUsedAt', record.lastUsedAt);
    if (record.score !== undefined && !Number.isFinite(record.score)) {
      throw new InvalidRouteInputError(`${at()}.score`, `must be a finite number, got ${String(record.score)}`);
    }
    if (record.shapes !== undefined && !validShapes.has(record.shapes)) {
      if (typeof record.shapes !== 'object' || record.shapes === null) {
        throw new InvalidRouteInputError(`${at()}.shapes`, 'must map shape names to records');
      }
      for (const shape in record.shapes) {
        if (Object.hasOwn(record.shapes, shape)) validateShapeRecord(() => `${at()}.shapes[${JSON.stringify(shape)}]`, record.shapes[shape] as ShapeRecord);
      }
      validShapes.add(record.shapes);
    }
    valid.add(record);
  }
}

function validateShapeRecord(at: () => string, record: ShapeRecord): void {
  if (typeof record !== 'object' || record === null) throw new InvalidRouteInputError(at(), 'must be a record object');
  if (validShapes.has(record)) return;
  count(at, 'calls', record.calls, true);
  count(at, 'useful', record.useful, true);
  count(at, 'notUseful', record.notUseful, true);
  count(at, 'failures', record.failures, true);
  for (const field of SHAPE_AMOUNTS) {
    const value = record[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new InvalidRouteInputError(`${at()}.${field}`, `must be a number, 0 or more, got ${String(value)}`);
    }
  }
  moment(at, 'lastUsedAt', record.lastUsedAt);
  validShapes.add(record);
}

const SHAPE_AMOUNTS = ['firstTokenSeconds', 'totalSeconds', 'cost'] as const;

function count(at: () => string, field: string, value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InvalidRouteInputError(`${at()}.${field}`, `must be a count (an integer, 0 or more), got ${String(value)}`);
  }
}

function moment(at: () => string, field: string, value: unknown): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value))) {
    throw new InvalidRouteInputError(`${at()}.${field}`, `must be a time in epoch ms, got ${String(value)}`);
  }
}
