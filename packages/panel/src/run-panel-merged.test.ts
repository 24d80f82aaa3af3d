import { faults } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MERGE_SYSTEM_PROMPT } from './merge-request';
import type { PanelInput } from './panel-input';
import { runPanel } from './run-panel';
import { ask, collection, readEvents, startBed, type Bed } from './test-helpers';

let bed: Bed;
beforeEach(async () => {
  bed = await startBed();
});
afterEach(async () => {
  await bed.close();
});

function input(more: Partial<PanelInput> = {}): PanelInput {
  const models = {
    m1: bed.member('m1'),
    m2: bed.member('m2'),
    judge: bed.member('judge'),
    old: bed.member('old', { retired: { at: '2026-03-01', why: 'replaced by m2' } }),
    tiny: bed.member('tiny', { contextWindow: 100 }),
    tiny2: bed.member('tiny2', { contextWindow: 120 }),
  };
  const base: PanelInput = {
    client: bed.client,
    collection: collection(['m1', 'm2'], { merger: 'judge' }),
    models,
    request: ask(),
    mode: 'merged',
    id: 'p1',
    recorder: bed.ledger,
  };
  return { ...base, ...more };
}

describe('a panel, reply merged', () => {
  it('streams the merger answer after the seats, keeps every seat in bench, and records the merger', async () => {
    bed.upstream.script('m1', { answer: { text: 'Four.', usage: { inputTokens: 5, outputTokens: 1 } } });
    bed.upstream.script('m2', { answer: { text: 'It is 4.', usage: { inputTokens: 5, outputTokens: 3 } } });
    bed.upstream.script('judge', { answer: { text: ['The answer ', 'is 4.'], usage: { inputTokens: 300, outputTokens: 2 } } });
    const run = runPanel(input());
    const events = await readEvents(run);
    expect(events.map((e) => e.type)).toEqual(['seated', 'seat-done', 'seat-done', 'text-delta', 'text-delta', 'done']);
    expect(events.filter((e) => e.type === 'text-delta').map((e) => e.text)).toEqual(['The answer ', 'is 4.']);
    const result = await run.result;
    expect(result.text).toBe('The answer is 4.');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ inputTokens: 310, outputTokens: 6 });
    expect(result.bench).toMatchObject({
      reply: 'merged',
      seats: [
        { alias: 'm1', call: 'p1.1', status: 'ok', answer: 'Four.' },
        { alias: 'm2', call: 'p1.2', status: 'ok', answer: 'It is 4.' },
      ],
      merger: { alias: 'judge', call: 'p1.merger', status: 'ok', usage: { inputTokens: 300, outputTokens: 2 } },
      verdict: { post: '/bench/verdict', body: { call: 'p1.merger', useful: true } },
    });
    expect(result.bench.note).toBeUndefined();

    const [merge] = bed.upstream.requestsFor('judge');
    expect(merge?.neutral?.system[0]?.text).toBe(MERGE_SYSTEM_PROMPT);
    const drafts = merge?.neutral?.messages
      .at(-1)
      ?.content.map((p) => (p.type === 'text' ? p.text : ''))
      .join('');
    expect(drafts).toContain('What is 2 + 2?');
    expect(drafts).toContain('<draft n="1">\nFour.\n</draft>');
    expect(drafts).toContain('<draft n="2">\nIt is 4.\n</draft>');
    expect(merge!.at).toBeGreaterThanOrEqual(Math.max(...bed.upstream.requests.filter((r) => r.model !== 'judge').map((r) => r.closedAt ?? Infinity)) - 5);

    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.merger')).toMatchObject({ purpose: 'merger', alias: 'judge', status: 'ok', inputTokens: 300, unit: 'p1' });
  });

  it('merges only the answers of the seats that answered', async () => {
    bed.upstream.script('m1', faults.serverError(503));
    bed.upstream.script('m2', { answer: { text: 'Only me.' } });
    const result = await runPanel(input()).result;
    expect(result.bench.seats.map((s) => s.status)).toEqual(['error', 'ok']);
    const drafts = JSON.stringify(bed.upstream.requestsFor('judge')[0]?.neutral?.messages);
    expect(drafts).toContain('Only me.');
    expect(drafts).not.toContain('draft n=\\"2\\"');
  });

  it('without a collection merger, takes the member with the most useful verdicts, else the first', async () => {
    await runPanel(input({ collection: collection(['m1', 'm2']), records: { m2: 4, m1: 1 } })).result;
    expect(bed.upstream.requestsFor('m2').map((r) => r.neutral?.system[0]?.text === MERGE_SYSTEM_PROMPT)).toEqual([false, true]);
    bed.upstream.clearRequests();
    const result = await runPanel(input({ id: 'p2', collection: collection(['m1', 'm2'], { merger: '' }) })).result;
    expect(result.bench.merger).toMatchObject({ alias: 'm1', call: 'p2.merger' });
  });

  it('falls back to every answer when the merger fails, naming it and why, and still records it', async () => {
    bed.upstream.script('judge', faults.badRequest('judge refuses this schema'));
    const run = runPanel(input());
    const events = await readEvents(run);
    const result = await run.result;
    expect(result.bench.merger).toMatchObject({ alias: 'judge', call: 'p1.merger', status: 'error' });
    expect(result.bench.note).toBe('The merger judge (call p1.merger) failed: judge: judge refuses this schema. Here is every answer.');
    expect(result.text).toBe(`> ${result.bench.note}\n\n### m1 · call p1.1\n\nm1 heard: What is 2 + 2?\n\n### m2 · call p1.2\n\nm2 heard: What is 2 + 2?\n\n`);
    expect(
      events
        .filter((e) => e.type === 'text-delta')
        .map((e) => e.text)
        .join(''),
    ).toBe(result.text);
    expect(result.bench.verdict?.body.call).toBe('p1.1');
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.merger')).toMatchObject({ purpose: 'merger', status: 'error', errorClass: 'BadRequestError' });
  });

  it('keeps the merged text that came and adds every answer when the merger is cut part way', async () => {
    bed.upstream.script('judge', { answer: { text: ['Half ', 'an ', 'answer'] }, cutAfterPieces: 1 });
    const result = await runPanel(input()).result;
    expect(result.text.startsWith('Half \n\n> The merger judge (call p1.merger) failed part way: ')).toBe(true);
    expect(result.text).toContain('### m2 · call p1.2');
    expect(result.bench.merger?.status).toBe('error');
  });

  it('answers with every answer and no merge call when no merger window fits the merge prompt', async () => {
    const run = runPanel(input({ collection: collection(['tiny', 'tiny2'], { merger: 'tiny' }) }));
    const result = await run.result;
    expect(result.bench.merger).toBeUndefined();
    expect(result.bench.note).toMatch(/^No merger's context window fits the merge prompt \(about \d+ tokens\), so here is every answer\.$/);
    expect(result.bench.skipped?.map((s) => s.alias)).toEqual(['tiny', 'tiny2']);
    expect(result.bench.skipped?.[0]?.why).toMatch(/^merger: context window 100 tokens is under the merge prompt's estimated \d+$/);
    expect(result.text).toContain('### tiny2 · call p1.2');
    expect(bed.upstream.requests).toHaveLength(2);
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.merger')).toBeUndefined();
  });

  it('never seats nor merges a retired member, whether in members, with or merger', async () => {
    const run = runPanel(input({ collection: collection(['old', 'm1'], { merger: 'old' }), with: ['old', 'm2'] }));
    expect(run.seats.map((s) => s.alias)).toEqual(['m1', 'm2']);
    const result = await run.result;
    expect(result.bench.skipped).toEqual([
      { seat: 1, alias: 'old', why: 'retired since 2026-03-01: replaced by m2' },
      { alias: 'old', why: 'merger: retired since 2026-03-01: replaced by m2' },
    ]);
    expect(result.bench.merger?.alias).toBe('m1');
    expect(bed.upstream.requestsFor('old')).toHaveLength(0);
  });
});
