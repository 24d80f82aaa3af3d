import { describe, expect, it } from 'vitest';
import { createMemoryRecordSource } from './memory-record-source';

describe('createMemoryRecordSource', () => {
  it('adds verdicts to the whole record and to the shape, and notes use on both', () => {
    const records = createMemoryRecordSource({ m1: { useful: 2 } });
    records.addVerdict('m1', true, 'code');
    records.addVerdict('m1', false, 'code');
    records.addVerdict('m1', false);
    records.noteUse('m1', 500, 'code');
    records.noteUse('m2', 700);
    expect(Object.fromEntries(records.getRecords(['m1', 'm2', 'm3']))).toEqual({
      m1: { useful: 3, notUseful: 2, lastUsedAt: 500, shapes: { code: { calls: 0, useful: 1, notUseful: 1, failures: 0, lastUsedAt: 500 } } },
      m2: { useful: 0, lastUsedAt: 700 },
    });
  });

  it('gives a new object on every change, so a record read earlier stays as it was', () => {
    const records = createMemoryRecordSource();
    records.addVerdict('m1', true, 'code');
    const before = records.getRecords(['m1']).get('m1');
    records.addVerdict('m1', true, 'code');
    expect(before?.shapes?.code?.useful).toBe(1);
    expect(records.getRecords(['m1']).get('m1')?.shapes?.code?.useful).toBe(2);
  });
});
