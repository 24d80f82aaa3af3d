import { faults } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoSeatError } from './errors/no-seat-error';
import { PanelFailedError } from './errors/panel-failed-error';
import { PanelInputError } from './errors/panel-input-error';
import { PanelToolsError } from './errors/panel-tools-error';
import { newPanelId } from './panel-id';
import type { PanelEvent } from './panel-event';
import type { PanelMember } from './panel-member';
import type { PanelInput } from './panel-input';
import { runPanel } from './run-panel';
import { ask, collection, readEvents, rejection, startBed, thrown, type Bed } from './test-helpers';

let bed: Bed;
beforeEach(async () => {
  bed = await startBed();
});
afterEach(async () => {
  await bed.close();
});

function input(more: Partial<PanelInput> = {}): PanelInput {
  const models = {
    m1: bed.member('m1', { provider: 'local', price: { input: 1, output: 2 } }),
    m2: bed.member('m2', { retired: { at: '2026-01-01', why: 'too slow' } }),
    m3: bed.member('m3'),
    m4: bed.member('m4', { adHoc: true }),
  };
  return {
    client: bed.client,
    collection: collection(['m1', 'm2', 'm3']),
    models,
    request: ask(),
    mode: 'all',
    id: 'p1',
    recorder: bed.ledger,
    keyName: 'alice',
    ...more,
  };
}

describe('a panel, reply all', () => {
  // Retried: on a loaded 2-core machine a seat's 500 ms first-token timeout can run out for want of CPU.
  it('seats the members in parallel and answers with every labelled answer and who was not asked', { retry: 2 }, async () => {
    bed.upstream.script('m1', { answer: { text: ['It is ', '4.'], usage: { inputTokens: 10, outputTokens: 2 } } });
    bed.upstream.script('m3', { answer: { text: 'Four.', usage: { inputTokens: 11, outputTokens: 1 } } });
    const run = runPanel(input());
    const events = await readEvents(run);
    // Each seat's labelled answer right after it ended, whichever ended first; then who was not asked.
    expect(events.map((e) => e.type)).toEqual(['seated', 'seat-done', 'text-delta', 'seat-done', 'text-delta', 'text-delta', 'done']);
    for (const at of [1, 3]) {
      const done = events[at] as Extract<PanelEvent, { type: 'seat-done' }>;
      expect(events[at + 1]).toEqual({ type: 'text-delta', text: `### ${done.seat.alias} · call ${done.seat.call}\n\n${done.seat.answer}\n\n` });
    }
    expect(events[5]).toEqual({ type: 'text-delta', text: '---\n\n*Not asked:* m2 (retired since 2026-01-01: too slow).\n' });
    expect(events[0]).toEqual({
      type: 'seated',
      panel: 'p1',
      seats: [
        { alias: 'm1', call: 'p1.1' },
        { alias: 'm3', call: 'p1.2' },
      ],
      skipped: [{ seat: 2, alias: 'm2', why: 'retired since 2026-01-01: too slow' }],
    });
    const result = await run.result;
    expect(events.at(-1)).toEqual({ type: 'done', ...result });
    expect(result.text).toBe('### m1 · call p1.1\n\nIt is 4.\n\n### m3 · call p1.2\n\nFour.\n\n---\n\n*Not asked:* m2 (retired since 2026-01-01: too slow).\n');
    expect(result.usage).toEqual({ inputTokens: 21, outputTokens: 3 });
    expect(result.bench).toMatchObject({
      panel: 'p1',
      collection: 'core',
      reply: 'all',
      seats: [
        { alias: 'm1', call: 'p1.1', status: 'ok', answer: 'It is 4.', usage: { inputTokens: 10, outputTokens: 2 } },
        { alias: 'm3', call: 'p1.2', status: 'ok', answer: 'Four.', usage: { inputTokens: 11, outputTokens: 1 } },
      ],
      skipped: [{ seat: 2, alias: 'm2' }],
      verdict: { post: '/bench/verdict', body: { call: 'p1.1', useful: true } },
    });
    expect(result.bench.seats[0]?.seconds).toBeGreaterThan(0);
    expect(bed.upstream.requests.map((r) => r.model).sort()).toEqual(['m1', 'm3']);
  });

  it('asks every seat before any has answered (they run in parallel)', async () => {
    bed.upstream.script('m1', { answer: { text: 'a' }, firstPieceDelayMs: 100 });
    bed.upstream.script('m3', { answer: { text: 'b' }, firstPieceDelayMs: 100 });
    await runPanel(input()).result;
    const [first, second] = bed.upstream.requests;
    expect(second!.at).toBeLessThan(first!.closedAt!);
  });

  it('writes each seat to a real memory ledger, with key name, provider, usage and cost', async () => {
    bed.upstream.script('m1', { answer: { text: 'a', usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } } });
    await runPanel(input()).result;
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.1')).toMatchObject({
      purpose: 'seat',
      collection: 'core',
      keyName: 'alice',
      alias: 'm1',
      provider: 'local',
      status: 'ok',
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cost: 3,
      finishReason: 'stop',
      unit: 'p1',
    });
    expect(await bed.ledger.getCall('p1.2')).toMatchObject({ alias: 'm3', status: 'ok' });
    expect(await bed.ledger.getCall('p1.3')).toBeUndefined();
  });

  it('answers a caller that reads only the result (dropEvents) the same, keeping no events for it', async () => {
    bed.upstream.script('m1', { answer: { text: 'One.' } });
    bed.upstream.script('m3', faults.serverError(500));
    const run = runPanel(input());
    run.dropEvents();
    const result = await run.result;
    // A failed seat still shows as failed, in seat order, and who was not asked closes the text.
    expect(result.text).toMatch(/^### m1 · call p1\.1\n\nOne\.\n\n### m3 · call p1\.2 · failed\n\n> m3 did not answer \(error\): .*500/s);
    expect(result.text).toContain('*Not asked:* m2 (retired since 2026-01-01: too slow).');
    expect(await readEvents(run)).toEqual([]);
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.2')).toMatchObject({ status: 'error', errorClass: 'ServerError' });
  });

  it('keeps answering when a seat fails, saying which and why', async () => {
    bed.upstream.script('m3', faults.serverError(500));
    const result = await runPanel(input()).result;
    expect(result.bench.seats[1]).toMatchObject({ alias: 'm3', status: 'error', answer: '' });
    expect(result.bench.seats[1]?.error).toContain('500');
    expect(result.text).toContain('### m3 · call p1.2 · failed\n\n> m3 did not answer (error): ');
    expect(result.text).toContain('### m1 · call p1.1\n\nm1 heard: What is 2 + 2?');
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.2')).toMatchObject({ status: 'error', errorClass: 'ServerError' });
  });

  it('gives up on a seat that hangs past its first-token timeout and closes its socket', async () => {
    bed.upstream.script('m3', faults.hang());
    const result = await runPanel(input()).result;
    expect(result.bench.seats[1]).toMatchObject({ alias: 'm3', status: 'timeout' });
    expect(result.bench.seats[1]?.error).toContain('first-token timeout');
    await bed.upstream.settled();
    expect(bed.upstream.requestsFor('m3').every((r) => r.closedByCaller)).toBe(true);
    await bed.ledger.flush();
    expect(await bed.ledger.getCall('p1.2')).toMatchObject({ status: 'timeout', errorClass: 'TimeoutError' });
  });

  it('is a 502 naming every seat when every seat failed, streamed as an error event, with every call recorded', async () => {
    bed.upstream.script('m1', faults.badRequest('model m1 is gone'));
    bed.upstream.script('m3', faults.hang());
    const run = runPanel(input());
    const events = await readEvents(run);
    expect(events.map((e) => e.type)).toEqual(['seated', 'seat-done', 'seat-done', 'error']);
    const error = await rejection(run.result);
    expect(PanelFailedError.isInstance(error)).toBe(true);
    if (!PanelFailedError.isInstance(error)) return;
    expect(events.at(-1)).toEqual({ type: 'error', error });
    expect(error.status).toBe(502);
    expect(error.toNeutral()).toMatchObject({ kind: 'upstream', status: 502 });
    expect(error.message).toMatch(/^every seat of panel p1 failed: m1 \(p1\.1\): .*model m1 is gone.*; m3 \(p1\.2\): .*first-token timeout/);
    expect(error.bench.seats.map((s) => s.status)).toEqual(['error', 'timeout']);
    await bed.ledger.flush();
    expect((await bed.ledger.getCall('p1.1'))?.status).toBe('error');
    expect((await bed.ledger.getCall('p1.2'))?.status).toBe('timeout');
  });

  it("passes the collection's timeouts to every seat", async () => {
    bed.upstream.script('m1', { answer: { text: 'slow but fine' }, firstPieceDelayMs: 500 });
    const patient = await runPanel(input({ collection: collection(['m1'], { timeouts: { firstTokenMs: 3_000 } }) })).result;
    expect(patient.bench.seats[0]).toMatchObject({ status: 'ok', answer: 'slow but fine' });
    const hasty = await rejection(runPanel(input({ id: 'p2', collection: collection(['m1']) })).result);
    expect(PanelFailedError.isInstance(hasty) && hasty.bench.seats[0]?.status).toBe('timeout');
  });

  it('cuts an output budget over a seat maxOutput, with a warning on its record', async () => {
    const models = { ...input().models, m1: bed.member('m1', { maxOutput: 100 }) } as PanelInput['models'];
    await runPanel(input({ models, request: ask('q', { maxOutputTokens: 5000 }) })).result;
    expect(bed.upstream.requestsFor('m1')[0]?.neutral?.maxOutputTokens).toBe(100);
    expect(bed.upstream.requestsFor('m3')[0]?.neutral?.maxOutputTokens).toBe(5000);
    await bed.ledger.flush();
    expect((await bed.ledger.getCall('p1.1'))?.warnings).toEqual(["maxOutputTokens 5000 cut to m1's maxOutput 100"]);
  });

  it('seats an ad hoc model named in `with`, after the members', async () => {
    const run = runPanel(input({ with: ['m4'] }));
    expect(run.seats).toEqual([
      { alias: 'm1', call: 'p1.1' },
      { alias: 'm3', call: 'p1.2' },
      { alias: 'm4', call: 'p1.3' },
    ]);
    expect((await run.result).bench.seats.map((s) => s.answer)).toEqual(['m1 heard: What is 2 + 2?', 'm3 heard: What is 2 + 2?', 'm4 heard: What is 2 + 2?']);
  });

  it('refuses before calling anyone: tools, an unknown `with`, a bad id, no member able', async () => {
    const tools = ask('q', { tools: [{ name: 'f', inputSchema: {} }] });
    expect(PanelToolsError.isInstance(thrown(() => runPanel(input({ request: tools }))))).toBe(true);
    expect(PanelInputError.isInstance(thrown(() => runPanel(input({ with: ['nope'] }))))).toBe(true);
    expect((thrown(() => runPanel(input({ id: 'a.b' }))) as PanelInputError).field).toBe('panel id');
    expect(NoSeatError.isInstance(thrown(() => runPanel(input({ collection: collection(['m2']) }))))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bed.upstream.requests).toHaveLength(0);
  });

  it('seats members of different protocols side by side', async () => {
    const anthropic = bed.member('claude', {
      target: { alias: 'claude', api: 'anthropic', baseURL: bed.upstream.baseURL('anthropic'), model: 'claude', apiKey: 'sk-a' },
    });
    const gemini = bed.member('gem', { target: { alias: 'gem', api: 'gemini', baseURL: bed.upstream.baseURL('gemini'), model: 'gem', apiKey: 'sk-g' } });
    const models = { ...(input().models as Record<string, PanelMember>), claude: anthropic, gem: gemini };
    const result = await runPanel(input({ models, collection: collection(['m1', 'claude', 'gem']) })).result;
    expect(result.bench.seats.map((s) => [s.alias, s.status, s.answer])).toEqual([
      ['m1', 'ok', 'm1 heard: What is 2 + 2?'],
      ['claude', 'ok', 'claude heard: What is 2 + 2?'],
      ['gem', 'ok', 'gem heard: What is 2 + 2?'],
    ]);
    expect(bed.upstream.requests.map((r) => r.api).sort()).toEqual(['anthropic', 'gemini', 'openai-chat']);
  });

  it('keeps answering when the recorder throws, and hands it the error', async () => {
    const errors: unknown[] = [];
    const recorder = {
      recordCall: () => {
        throw new Error('disk full');
      },
    };
    const result = await runPanel(input({ recorder, onRecordError: (e) => errors.push(e) })).result;
    expect(result.bench.seats.map((s) => s.status)).toEqual(['ok', 'ok']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full', 'disk full']);
  });

  it('generates a short URL-safe id when none is given', async () => {
    const { id, ...rest } = input();
    const run = runPanel({ ...rest, newId: () => 'generated' });
    expect(run.seats[0]?.call).toBe('generated.1');
    expect((await run.result).bench.panel).toBe('generated');
    const ids = new Set(Array.from({ length: 1000 }, newPanelId));
    expect(ids.size).toBe(1000);
    for (const one of ids) expect(one).toMatch(/^p[0-9a-z]{9}[0-9a-f]{15}$/);
    expect(id).toBe('p1');
  });

  it('makes ids that sort in the order they were made (the ledger indexes call ids)', () => {
    const times = [0, 35, 36, 1_000, 1_764_000_000_000, Date.now(), 36 ** 9 - 1];
    const made = times.map((time) => newPanelId(time));
    expect([...made].sort()).toEqual(made);
  });
});
