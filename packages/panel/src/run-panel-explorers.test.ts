import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PanelInput } from './panel-input';
import type { PanelRecord } from './panel-record';
import { runPanel } from './run-panel';
import { ask, collection, readEvents, startBed, type Bed } from './test-helpers';

let bed: Bed;
beforeEach(async () => {
  bed = await startBed();
});
afterEach(async () => {
  await bed.close();
});

const shape = (useful: number, calls: number) => ({ calls, useful, notUseful: 0, failures: 0 });
// On code, m1 is best and m3 nearly unknown; overall, m2 is best.
const records: Record<string, PanelRecord> = {
  m1: { useful: 3, calls: 50, shapes: { code: shape(20, 30) } },
  m2: { useful: 60, calls: 90, shapes: { code: shape(4, 30) } },
  m3: { useful: 1, calls: 40, shapes: { code: shape(0, 1) } },
  m4: { useful: 0, calls: 70, shapes: { code: shape(1, 25) } },
};

function input(more: Partial<PanelInput> = {}): PanelInput {
  const models = { m1: bed.member('m1'), m2: bed.member('m2'), m3: bed.member('m3'), m4: bed.member('m4') };
  return {
    client: bed.client,
    collection: collection(['m1', 'm2', 'm3', 'm4'], { maxCalls: 2, maxExplorers: 1 }),
    models,
    request: ask(),
    mode: 'all',
    id: 'p1',
    records,
    shape: 'code',
    ...more,
  };
}

describe('a panel with more members than maxCalls', () => {
  it('seats the best record on the shape and an explorer, marked in the seated event and in bench.seats', async () => {
    for (const alias of ['m1', 'm3']) bed.upstream.script(alias, { answer: { text: `${alias} says 4.` } });
    const run = runPanel(input());
    const events = await readEvents(run);
    expect(events[0]).toMatchObject({
      type: 'seated',
      seats: [
        { alias: 'm1', call: 'p1.1' },
        { alias: 'm3', call: 'p1.2', explorer: true },
      ],
    });
    expect((events[0] as { seats: object[] }).seats[0]).not.toHaveProperty('explorer');
    const result = await run.result;
    expect(result.bench.seats.map((s) => [s.alias, s.explorer])).toEqual([
      ['m1', undefined],
      ['m3', true],
    ]);
    expect(result.bench.skipped?.map((s) => s.alias)).toEqual(['m2', 'm4']);
    expect(bed.upstream.requests.map((r) => r.model).sort()).toEqual(['m1', 'm3']);
    expect(result.bench).toMatchObject({ shape: 'code' });
    expect(result.bench).not.toHaveProperty('shape_by');
  });

  it('merges with the best record on the shape when the collection names no merger', async () => {
    bed.upstream.script('m1', [{ answer: { text: 'Four.' } }, { answer: { text: 'merged by m1' } }]);
    bed.upstream.script('m3', { answer: { text: '4' } });
    bed.upstream.script('m2', { answer: { text: 'merged by m2' } });
    const onCode = await runPanel(input({ mode: 'merged', shapeBy: 'collection' })).result;
    expect(onCode.bench).toMatchObject({ shape: 'code', shape_by: 'collection' });
    expect(onCode.bench.merger?.alias).toBe('m1');
    expect(onCode.text).toBe('merged by m1');
    // On a shape without records, each model's whole record counts: m2 is best overall (and sits by it).
    bed.upstream.script('m2', [{ answer: { text: 'Four.' } }, { answer: { text: 'merged by m2' } }]);
    const onProse = await runPanel(input({ mode: 'merged', id: 'p2', shape: 'writing' })).result;
    expect(onProse.bench.seats.map((s) => s.alias)).toEqual(['m2', 'm3']);
    expect(onProse.bench.merger?.alias).toBe('m2');
    expect(onProse.text).toBe('merged by m2');
  });
});
