import { faults } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PanelEvent } from './panel-event';
import { runPanel } from './run-panel';
import { ask, collection, startBed, type Bed } from './test-helpers';

let bed: Bed;
beforeEach(async () => {
  bed = await startBed();
});
afterEach(() => bed.close());

/** The panel's events, releasing the slow seat once the fast seat's text has been read. */
async function readReleasing(events: AsyncIterable<PanelEvent>, fastText: string, release: () => void): Promise<PanelEvent[]> {
  const seen: PanelEvent[] = [];
  for await (const event of events) {
    seen.push(event);
    if (event.type === 'text-delta' && event.text.includes(fastText)) release();
  }
  return seen;
}

describe('an `all` panel streams each seat as it ends', () => {
  it("sends the fast seat's labelled answer while the slow seat still works, and a failed seat once one answered", async () => {
    let release!: () => void;
    const slowMayAnswer = new Promise<void>((resolve) => (release = resolve));
    bed.upstream.script('m1', { holdUntil: slowMayAnswer, answer: { text: 'slow answer' } });
    bed.upstream.script('m2', { answer: { text: 'fast answer' } });
    bed.upstream.script('m3', faults.serverError(400));
    const members = { m1: bed.member('m1'), m2: bed.member('m2'), m3: bed.member('m3') };
    const run = runPanel({
      client: bed.client,
      collection: collection(['m1', 'm2', 'm3'], { timeouts: { firstTokenMs: 10_000 } }),
      models: members,
      request: ask(),
      mode: 'all',
      id: 'p1',
    });

    const events = await readReleasing(run.events, 'fast answer', release);
    const texts = events.filter((e) => e.type === 'text-delta').map((e) => e.text);
    const fast = texts.findIndex((text) => text.includes('fast answer'));
    const slowDone = events.findIndex((e) => e.type === 'seat-done' && e.seat.alias === 'm1');
    expect(events.findIndex((e) => e.type === 'text-delta' && e.text.includes('fast answer'))).toBeLessThan(slowDone);
    expect(texts[fast]).toContain('### m2 · call p1.2\n\nfast answer');
    expect(texts.join('')).toContain('### m3 · call p1.3 · failed');
    expect(texts.at(-1)).toBe('### m1 · call p1.1\n\nslow answer\n\n');
    expect(events.at(-1)?.type).toBe('done');
    expect((await run.result).text).toMatch(/^### m1 · call p1\.1\n\nslow answer\n\n### m2 .*\n\nfast answer\n\n### m3 · call p1\.3 · failed/s);
  });

  it('sends no text when every seat failed: the error names each seat', async () => {
    bed.upstream.script('m1', faults.serverError(400));
    bed.upstream.script('m2', faults.serverError(400));
    const members = { m1: bed.member('m1'), m2: bed.member('m2') };
    const run = runPanel({ client: bed.client, collection: collection(['m1', 'm2']), models: members, request: ask(), mode: 'all', id: 'p1' });
    const events: PanelEvent[] = [];
    for await (const event of run.events) events.push(event);
    expect(events.map((e) => e.type)).toEqual(['seated', 'seat-done', 'seat-done', 'error']);
    await expect(run.result).rejects.toThrow(/m1.*m2|m2.*m1/s);
  });
});
