import { faults } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PanelAbortedError } from './errors/panel-aborted-error';
import type { PanelEvent } from './panel-event';
import type { PanelInput } from './panel-input';
import { runPanel } from './run-panel';
import { ask, collection, rejection, startBed, type Bed } from './test-helpers';

let bed: Bed;
beforeEach(async () => {
  bed = await startBed();
});
afterEach(async () => {
  await bed.close();
});

function input(more: Partial<PanelInput> = {}): PanelInput {
  const models = { m1: bed.member('m1'), m2: bed.member('m2'), judge: bed.member('judge') };
  return {
    client: bed.client,
    collection: collection(['m1', 'm2'], { merger: 'judge' }),
    models,
    request: ask(),
    mode: 'all',
    id: 'p1',
    recorder: bed.ledger,
    ...more,
  };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a caller that goes away', () => {
  it('cancels every seat: their sockets close, the calls are recorded as aborted, the run ends with a 499', async () => {
    // m1 would answer, late but within the collection's first-token timeout; m2 hangs: only the abort ends them.
    bed.upstream.script('m1', { answer: { text: 'late' }, firstPieceDelayMs: 5_000 });
    bed.upstream.script('m2', faults.hang());
    const caller = new AbortController();
    const slow = collection(['m1', 'm2'], { timeouts: { firstTokenMs: 10_000 } });
    const run = runPanel(input({ collection: slow, signal: caller.signal }));
    const events: PanelEvent[] = [];
    const reading = (async () => {
      for await (const event of run.events) events.push(event);
    })();
    await until(() => bed.upstream.requests.length === 2);
    caller.abort();
    const error = await rejection(run.result);
    expect(PanelAbortedError.isInstance(error) && error.status).toBe(499);
    await reading;
    expect(events.map((e) => e.type)).toEqual(['seated', 'seat-done', 'seat-done', 'error']);
    await bed.upstream.settled();
    expect(bed.upstream.requests.map((r) => [r.model, r.closedByCaller, r.ended]).sort()).toEqual([
      ['m1', true, false],
      ['m2', true, false],
    ]);
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.1')).toMatchObject({ status: 'aborted', errorClass: 'AbortedError', purpose: 'seat' });
    expect(await bed.ledger.getCall('p1.2')).toMatchObject({ status: 'aborted', errorClass: 'AbortedError' });
  });

  it('cancels the merger part way: its socket closes and it is recorded as aborted', async () => {
    bed.upstream.script('judge', { answer: { text: ['one ', 'two ', 'three ', 'four'] }, pieceDelayMs: 100 });
    const caller = new AbortController();
    const run = runPanel(input({ mode: 'merged', signal: caller.signal }));
    const seen: PanelEvent[] = [];
    for await (const event of run.events) {
      seen.push(event);
      if (event.type === 'text-delta') caller.abort();
    }
    expect(seen.map((e) => e.type)).toEqual(['seated', 'seat-done', 'seat-done', 'text-delta', 'error']);
    expect(PanelAbortedError.isInstance(await rejection(run.result))).toBe(true);
    await bed.upstream.settled();
    expect(bed.upstream.requestsFor('judge')[0]).toMatchObject({ closedByCaller: true, ended: false });
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.merger')).toMatchObject({ status: 'aborted', purpose: 'merger' });
    expect((await bed.ledger.getCall('p1.1'))?.status).toBe('ok');
  });

  it('cancel() does the same as the caller signal', async () => {
    bed.upstream.script('m1', faults.hang());
    bed.upstream.script('m2', faults.hang());
    const run = runPanel(input());
    await until(() => bed.upstream.requests.length === 2);
    run.cancel();
    expect(PanelAbortedError.isInstance(await rejection(run.result))).toBe(true);
    await bed.upstream.settled();
    expect(bed.upstream.requests.every((r) => r.closedByCaller)).toBe(true);
  });
});
