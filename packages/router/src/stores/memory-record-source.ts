import { pickByAlias } from './pick-by-alias';
import type { MemberRecord, RecordSource, ShapeRecord } from './record-source';

export interface MemoryRecordSource extends RecordSource {
  /** Answers at once. */
  getRecords(aliases: readonly string[]): ReadonlyMap<string, MemberRecord>;
  set(alias: string, record: MemberRecord): void;
  /** Adds useful verdicts to a member's record. */
  addUseful(alias: string, count?: number): void;
  /** Adds one verdict to a member's whole record and, with `shape`, to its record on that shape. */
  addVerdict(alias: string, useful: boolean, shape?: string): void;
  /** Sets `lastUsedAt` on the whole record and, with `shape`, on that shape's record. */
  noteUse(alias: string, at: number, shape?: string): void;
}

const EMPTY_SHAPE: ShapeRecord = Object.freeze({ calls: 0, useful: 0, notUseful: 0, failures: 0 });

/** Records held in this process: for tests, demos, benchmarks, and until a ledger provides them. */
export function createMemoryRecordSource(initial: Readonly<Record<string, MemberRecord>> = {}): MemoryRecordSource {
  const records = new Map<string, MemberRecord>(Object.entries(initial));
  const update = (
    alias: string,
    whole: (record: MemberRecord) => Partial<MemberRecord>,
    shape?: string,
    onShape?: (record: ShapeRecord) => Partial<ShapeRecord>,
  ): void => {
    const record = records.get(alias) ?? { useful: 0 };
    const next: MemberRecord = { ...record, ...whole(record) };
    if (shape !== undefined && onShape !== undefined) {
      const shapeRecord = record.shapes?.[shape] ?? EMPTY_SHAPE;
      next.shapes = { ...record.shapes, [shape]: { ...shapeRecord, ...onShape(shapeRecord) } };
    }
    records.set(alias, next);
  };
  return {
    getRecords(aliases: readonly string[]): ReadonlyMap<string, MemberRecord> {
      return pickByAlias(records, aliases);
    },
    set(alias: string, record: MemberRecord): void {
      records.set(alias, { ...record });
    },
    addUseful(alias: string, count = 1): void {
      update(alias, (record) => ({ useful: record.useful + count }));
    },
    addVerdict(alias: string, useful: boolean, shape?: string): void {
      const add = (record: { useful: number; notUseful?: number }) => (useful ? { useful: record.useful + 1 } : { notUseful: (record.notUseful ?? 0) + 1 });
      update(alias, add, shape, add);
    },
    noteUse(alias: string, at: number, shape?: string): void {
      update(
        alias,
        () => ({ lastUsedAt: at }),
        shape,
        () => ({ lastUsedAt: at }),
      );
    },
  };
}
