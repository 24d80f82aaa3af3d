import { faults, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { ConnectionError } from './errors/connection-error';
import { TimeoutError } from './errors/timeout-error';
import { ask, FAST, readAll, target, texts } from './test-helpers';

let upstream: FakeUpstream;
let client: Client;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 50 } });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

const timeoutOf = (error: unknown) => (TimeoutError.isInstance(error) ? error.timeout : undefined);

describe.each(['openai-chat', 'anthropic'] as const)('%s upstream', (api) => {
  describe('first-token timeout', () => {
    it('bounds an upstream that never answers (not even headers), and closes its socket', async () => {
      upstream.script('m1', faults.hang());
      const { result, events } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(timeoutOf(result.error)).toBe('first-token');
      expect(result.status).toBe(504);
      expect(events).toMatchObject([{ type: 'error', error: { kind: 'timeout' } }]);
      await upstream.settled();
      expect(upstream.requests).toHaveLength(1);
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('also fires when headers come at once but the first piece does not', async () => {
      upstream.script('m1', { answer: { text: ['late'] }, firstPieceDelayMs: 2_000 });
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(timeoutOf(result.error)).toBe('first-token');
      await upstream.settled();
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('counts the wait for headers too', async () => {
      upstream.script('m1', { answer: { text: ['late'] }, headersDelayMs: 2_000 });
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(timeoutOf(result.error)).toBe('first-token');
    });

    it('does not fire when the first piece comes in time', async () => {
      upstream.script('m1', { answer: { text: ['in', ' time'] }, firstPieceDelayMs: 100 });
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result).toMatchObject({ ok: true, text: 'in time' });
    });
  });

  describe('idle and total timeouts, cut streams', () => {
    it('a stream that goes silent after its first pieces ends with an error event, never a finish', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, stall: { afterPieces: 2, ms: 3_000 } });
      const { result, events } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(texts(events)).toEqual(['a', 'b']);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'timeout' } });
      expect(events.some((e) => e.type === 'finish')).toBe(false);
      expect(timeoutOf(result.error)).toBe('idle');
      expect(result).toMatchObject({ ok: false, text: 'ab', status: 200 });
      await upstream.settled();
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('an idle deadline shorter than the first-token one still cuts a stream that stalls after its first piece', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b'] }, stall: { afterPieces: 1, ms: 1_500 } });
      const t = target(upstream, 'm1', { api, timeouts: { firstTokenMs: 5_000, idleMs: 200, totalMs: 10_000 } });
      const { result, events } = await readAll(client.call(t, ask()));
      expect(texts(events)).toEqual(['a']);
      expect(timeoutOf(result.error)).toBe('idle');
    });

    it('a first piece that comes late (after idleMs, before firstTokenMs) still gets its own idle deadline', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b'] }, firstPieceDelayMs: 300, stall: { afterPieces: 1, ms: 1_500 } });
      const t = target(upstream, 'm1', { api, timeouts: { firstTokenMs: 5_000, idleMs: 200, totalMs: 10_000 } });
      const { result, events } = await readAll(client.call(t, ask()));
      expect(texts(events)).toEqual(['a']);
      expect(timeoutOf(result.error)).toBe('idle');
    });

    it('a slow but steady stream is not idle', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c', 'd'] }, pieceDelayMs: 150 });
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result).toMatchObject({ ok: true, text: 'abcd' });
    });

    it('the total timeout ends a stream that keeps going too long', async () => {
      upstream.script('m1', { answer: { text: Array.from({ length: 20 }, () => 'x') }, pieceDelayMs: 100 });
      const t = target(upstream, 'm1', { api, timeouts: { totalMs: 500 } });
      const { result, events } = await readAll(client.call(t, ask()));
      expect(timeoutOf(result.error)).toBe('total');
      expect(events.at(-1)?.type).toBe('error');
      await upstream.settled();
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('a stream cut part way is an error event with the text so far, never a success', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c', 'd'] }, cutAfterPieces: 2 });
      const { result, events } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(texts(events)).toEqual(['a', 'b']);
      expect(events.at(-1)?.type).toBe('error');
      expect(ConnectionError.isInstance(result.error) && !result.error.beforeAnyByte).toBe(true);
      expect(result).toMatchObject({ ok: false, text: 'ab' });
      expect(result.finishReason).toBeUndefined();
    });

    it('a stream cut before its first piece fails before anything reaches the caller, without a retry', async () => {
      upstream.script('m1', { answer: { text: ['a'] }, cutAfterPieces: 0 });
      const { result, events } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(events.map((e) => e.type)).toEqual(['error']);
      expect(result.error?.kind).toBe('connection');
      expect(upstream.requests).toHaveLength(1);
    });
  });

  describe('aborts', () => {
    it("the caller's AbortSignal closes the upstream socket part way through a stream", async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c', 'd'] }, pieceDelayMs: 200 });
      const controller = new AbortController();
      const run = client.call(target(upstream, 'm1', { api }), ask(), { signal: controller.signal });
      const seen: string[] = [];
      for await (const event of run.events) {
        if (event.type === 'text-delta') {
          seen.push(event.text);
          controller.abort();
        }
      }
      const result = await run.result;
      expect(seen).toEqual(['a']);
      expect(result.error?.kind).toBe('aborted');
      await upstream.settled();
      expect(upstream.requests[0]).toMatchObject({ closedByCaller: true, ended: false });
    });

    it('an abort before the first piece closes the socket and settles the commit at once', async () => {
      upstream.script('m1', faults.hang());
      const controller = new AbortController();
      const run = client.call(target(upstream, 'm1', { api, timeouts: { firstTokenMs: 10_000 } }), ask(), { signal: controller.signal });
      while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      const commit = await run.committed;
      expect(commit.ok).toBe(false);
      expect(commit.ok ? undefined : commit.error.kind).toBe('aborted');
      await upstream.settled();
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('a reader that stops reading closes the upstream socket', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c', 'd'] }, pieceDelayMs: 200 });
      const run = client.call(target(upstream, 'm1', { api }), ask());
      for await (const event of run.events) if (event.type === 'text-delta') break;
      await run.result;
      await upstream.settled();
      expect(upstream.requests[0]).toMatchObject({ closedByCaller: true, ended: false });
    });

    it('cancel() after the commit closes the socket and settles the result, even with nobody reading', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, pieceDelayMs: 200 });
      const run = client.call(target(upstream, 'm1', { api }), ask());
      expect((await run.committed).ok).toBe(true);
      run.cancel();
      const result = await run.result;
      expect(result.error?.kind).toBe('aborted');
      await upstream.settled();
      expect(upstream.requests[0]?.closedByCaller).toBe(true);
    });

    it('a reader that comes after cancel() finds no events, and a second reader is still refused', async () => {
      upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, pieceDelayMs: 200 });
      const run = client.call(target(upstream, 'm1', { api }), ask());
      run.cancel();
      const seen: string[] = [];
      for await (const event of run.events) seen.push(event.type);
      expect(seen).toEqual([]);
      expect((await run.result).error?.kind).toBe('aborted');
      const fresh = client.call(target(upstream, 'm1', { api }), ask());
      for await (const _ of fresh.events) break;
      expect(() => fresh.events[Symbol.asyncIterator]()).toThrow('read only once');
      await fresh.result;
    });

    it('an abort during the Retry-After wait stops the retry', async () => {
      upstream.script('m1', [faults.rateLimited({ retryAfterSeconds: 2 }), { answer: { text: 'ok' } }]);
      const controller = new AbortController();
      const run = client.call(target(upstream, 'm1', { api }), ask(), { signal: controller.signal });
      while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      setTimeout(() => controller.abort(), 50);
      const { result } = await readAll(run);
      expect(result.error?.kind).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(upstream.requests).toHaveLength(1);
    });
  });
});
