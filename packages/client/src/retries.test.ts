import { faults, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { ConnectionError } from './errors/connection-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { ServerError } from './errors/server-error';
import { ask, FAST, readAll, target } from './test-helpers';

let upstream: FakeUpstream;
let client: Client;
const BACKOFF_MS = 80;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: BACKOFF_MS } });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

const gaps = () => upstream.requests.slice(1).map((r, i) => r.at - (upstream.requests[i]?.at ?? 0));
const answer = { answer: { text: ['ok'] } };

describe.each(['openai-chat', 'anthropic'] as const)('%s upstream', (api) => {
  describe('a 429', () => {
    it('with Retry-After: 1 (seconds) is waited out and retried once, a second or more later', async () => {
      upstream.script('m1', [faults.rateLimited({ retryAfterSeconds: 1 }), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result).toMatchObject({ ok: true, text: 'ok' });
      expect(upstream.requests).toHaveLength(2);
      expect(gaps()[0]).toBeGreaterThanOrEqual(1_000);
      expect(result.attempts.map((a) => [a.attempt, a.ok, a.error?.name])).toEqual([
        [1, false, 'RateLimitedError'],
        [2, true, undefined],
      ]);
    });

    it('with retry-after-ms is waited out for that long', async () => {
      upstream.script('m1', [faults.rateLimited({ retryAfterMs: 300 }), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result.ok).toBe(true);
      expect(gaps()[0]).toBeGreaterThanOrEqual(300);
    });

    it('with an HTTP-date Retry-After is waited out until that date', async () => {
      const clockNow = Date.parse('2026-01-01T00:00:00Z');
      const dated = createClient({ timeouts: FAST, now: () => clockNow });
      upstream.script('m1', [faults.rateLimited({ retryAfterDate: 'Thu, 01 Jan 2026 00:00:01 GMT' }), answer]);
      const { result } = await readAll(dated.call(target(upstream, 'm1', { api }), ask()));
      await dated.close();
      expect(result.ok).toBe(true);
      expect(gaps()[0]).toBeGreaterThanOrEqual(1_000);
    });

    it('is retried only once, never in a loop', async () => {
      upstream.script('m1', faults.rateLimited({ retryAfterMs: 50 }));
      const { result, events } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(2);
      expect(RateLimitedError.isInstance(result.error)).toBe(true);
      expect(result.status).toBe(429);
      expect(events).toMatchObject([{ type: 'error', error: { kind: 'rate-limit' } }]);
    });

    it('whose Retry-After is over retryAfterMaxMs is not waited out: it fails at once, carrying the wait', async () => {
      upstream.script('m1', [faults.rateLimited({ retryAfterSeconds: 30 }), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(1);
      expect(RateLimitedError.isInstance(result.error) && result.error.retryAfterMs).toBe(30_000);
    });

    it('without any Retry-After is not retried', async () => {
      upstream.script('m1', [faults.rateLimited(), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(1);
      expect(result.error?.kind).toBe('rate-limited');
    });
  });

  describe('a 5xx or a reset', () => {
    it('a 500 is retried once after the jittered backoff', async () => {
      upstream.script('m1', [faults.serverError(500), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result).toMatchObject({ ok: true, text: 'ok' });
      expect(upstream.requests).toHaveLength(2);
      expect(gaps()[0]).toBeGreaterThanOrEqual(BACKOFF_MS);
    });

    it('the backoff jitter comes from the injected random source (up to twice the base)', async () => {
      const jittery = createClient({ timeouts: FAST, random: () => 0.99, retry: { backoffMs: 150 } });
      upstream.script('m1', [faults.serverError(503), answer]);
      await readAll(jittery.call(target(upstream, 'm1', { api }), ask()));
      await jittery.close();
      expect(gaps()[0]).toBeGreaterThanOrEqual(297);
    });

    it('a 503 twice is retried once only, then reported as a ServerError', async () => {
      upstream.script('m1', faults.serverError(503));
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(2);
      expect(ServerError.isInstance(result.error)).toBe(true);
      expect(result.error?.status).toBe(503);
    });

    it('serverErrorRetries: 0 turns the 5xx retry off', async () => {
      upstream.script('m1', [faults.serverError(500), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api, retry: { serverErrorRetries: 0 } }), ask()));
      expect(upstream.requests).toHaveLength(1);
      expect(result.error?.kind).toBe('server');
    });

    it('a connection reset before any byte is retried once', async () => {
      upstream.script('m1', [faults.reset(), answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(result).toMatchObject({ ok: true, text: 'ok' });
      expect(upstream.requests).toHaveLength(2);
      expect(result.attempts[0]?.error?.name).toBe('ConnectionError');
    });

    it('a reset twice ends in a ConnectionError before any byte', async () => {
      upstream.script('m1', faults.reset());
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(2);
      expect(ConnectionError.isInstance(result.error) && result.error.beforeAnyByte).toBe(true);
    });

    it('with continue: false, nothing is retried after the first piece', async () => {
      upstream.script('m1', [{ answer: { text: ['a', 'b', 'c'] }, cutAfterPieces: 1 }, answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask(), { continue: false }));
      expect(upstream.requests).toHaveLength(1);
      expect(result.ok).toBe(false);
    });
  });

  describe('errors that are not retried', () => {
    it.each([
      ['context length', faults.contextLengthExceeded(), 'ContextLengthError', 400],
      ['content policy', faults.contentPolicy(), 'ContentPolicyError', 400],
      ['bad request', faults.badRequest(), 'BadRequestError', 400],
      ['empty reply', faults.empty(), 'EmptyReplyError', 502],
      ['401', { error: { status: 401, error: { kind: 'authentication' as const, message: 'Incorrect API key provided' } } }, 'ProviderRefusedError', 502],
    ])('%s: one attempt, classified', async (_name, behaviour, errorClass, status) => {
      upstream.script('m1', [behaviour, answer]);
      const { result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
      expect(upstream.requests).toHaveLength(1);
      expect(result.error?.name).toBe(errorClass);
      expect(result.status).toBe(status);
    });
  });
});
