import { faults, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptReport } from './attempt-report';
import { createClient, type Client } from './create-client';
import { AllCandidatesFailedError } from './errors/all-candidates-failed-error';
import { createMemoryHealthStore, type HealthStore } from './health/health-store';
import { ask, FAST, readAll, target, texts } from './test-helpers';

let upstream: FakeUpstream;
let client: Client;
let clock: number;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  clock = Date.parse('2026-01-01T00:00:00Z');
  client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 20 }, now: () => clock });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

const answer = (text: string) => ({ answer: { text: text.split(/(?<= )/) } });
const modelsAsked = () => upstream.requests.map((r) => r.model);

describe('failover before the first piece', () => {
  it.each([
    ['a 429 without Retry-After', faults.rateLimited(), 'RateLimitedError'],
    ['no answer at all', faults.hang(), 'TimeoutError'],
    ['a stream cut before its first piece', { answer: { text: ['x'] }, cutAfterPieces: 0 }, 'ConnectionError'],
    ['an empty reply', faults.empty(), 'EmptyReplyError'],
    ['a 401', { error: { status: 401 } }, 'ProviderRefusedError'],
  ])('replaces a candidate that fails with %s, and the caller sees nothing of it', async (_name, behaviour, errorClass) => {
    upstream.script('m1', behaviour);
    upstream.script('m2', answer('from m2'));
    const seen: AttemptReport[] = [];
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), { onAttempt: (a) => seen.push(a) });
    const commit = await run.committed;
    expect(commit).toMatchObject({ ok: true, alias: 'm2' });
    const { events, result } = await readAll(run);
    expect(events.some((e) => e.type === 'error')).toBe(false);
    expect(events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(texts(events).join('')).toBe('from m2');
    expect(result).toMatchObject({ ok: true, alias: 'm2', status: 200 });
    expect(seen.map((a) => [a.alias, a.ok, a.error?.name])).toEqual([
      ['m1', false, errorClass],
      ['m2', true, undefined],
    ]);
    expect(result.attempts).toEqual(seen);
    await upstream.settled();
    const m1 = upstream.requestsFor('m1');
    expect(m1.every((r) => r.ended || r.closedByCaller || r.cutByUpstream)).toBe(true);
  });

  it('a slow first token is failed over, not waited out, and its socket is closed', async () => {
    upstream.script('m1', { answer: { text: ['late'] }, firstPieceDelayMs: 5_000 });
    upstream.script('m2', answer('quick'));
    const { result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(result.alias).toBe('m2');
    await upstream.settled();
    expect(upstream.requestsFor('m1')[0]?.closedByCaller).toBe(true);
  });

  it('a candidate gets its short second chance before being replaced', async () => {
    upstream.script('m1', [faults.serverError(502), answer('second try')]);
    upstream.script('m2', answer('m2'));
    const { result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(result).toMatchObject({ alias: 'm1', text: 'second try' });
    expect(modelsAsked()).toEqual(['m1', 'm1']);
  });

  it('holds events back until the first piece, then hands the stream over untouched', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, pieceDelayMs: 50 });
    const run = client.failover([target(upstream, 'm1')], ask());
    const commit = await run.committed;
    expect(commit.ok).toBe(true);
    const { events } = await readAll(run);
    expect(events.map((e) => e.type)).toEqual(['start', 'text-delta', 'text-delta', 'text-delta', 'finish']);
  });

  it.each([
    ['a tool call', { toolCalls: [{ id: 'c1', name: 'look', arguments: ['{}'] }] }, 'tool-call-start'],
    ['reasoning', { reasoning: ['hmm'] }, 'reasoning-delta'],
  ])('%s counts as the first piece: the candidate commits on it', async (_name, answerShape, firstType) => {
    upstream.script('m1', { answer: answerShape, cutAfterPieces: 1 });
    upstream.script('m2', answer('m2'));
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask());
    expect(await run.committed).toMatchObject({ ok: true, alias: 'm1' });
    const { events } = await readAll(run);
    expect(events.map((e) => e.type)).toEqual(['start', firstType, 'error']);
    expect(modelsAsked()).toEqual(['m1']);
  });

  it('with continue: false, a failure after the first piece is an error event and no other candidate is asked', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, cutAfterPieces: 1 });
    upstream.script('m2', answer('m2'));
    const { events, result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), { continue: false }));
    expect(texts(events)).toEqual(['a']);
    expect(events.at(-1)?.type).toBe('error');
    expect(result).toMatchObject({ ok: false, alias: 'm1', status: 200 });
    expect(result.continued).toBeUndefined();
    expect(modelsAsked()).toEqual(['m1']);
  });

  it('an onAttempt hook that throws is reported as a warning and changes nothing', async () => {
    upstream.script('m1', faults.serverError(500));
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), {
      retry: { serverErrorRetries: 0 },
      onAttempt: () => {
        throw new Error('ledger down');
      },
    });
    const { result } = await readAll(run);
    expect(result).toMatchObject({ ok: true, alias: 'm2' });
    expect(result.warnings.filter((w) => w.message === 'onAttempt threw: ledger down')).toHaveLength(2);
  });

  it('asks at most maxMembers candidates', async () => {
    for (const m of ['m1', 'm2', 'm3']) upstream.script(m, faults.serverError(500));
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2'), target(upstream, 'm3')], ask(), {
      retry: { maxMembers: 2, serverErrorRetries: 0 },
    });
    const { result } = await readAll(run);
    expect(modelsAsked()).toEqual(['m1', 'm2']);
    expect(result.status).toBe(502);
  });

  it('an abort before the first piece stops the failover: no other candidate is asked', async () => {
    upstream.script('m1', faults.hang());
    const controller = new AbortController();
    const run = client.failover([target(upstream, 'm1', { timeouts: { firstTokenMs: 5_000 } }), target(upstream, 'm2')], ask(), { signal: controller.signal });
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const { result } = await readAll(run);
    expect(result.error?.kind).toBe('aborted');
    expect(result.status).toBe(499);
    expect(modelsAsked()).toEqual(['m1']);
    await upstream.settled();
    expect(upstream.requests[0]?.closedByCaller).toBe(true);
  });
});

describe('when every candidate fails', () => {
  it('is a 429 when every one was rate limited, carrying the shortest wait', async () => {
    upstream.script('m1', faults.rateLimited({ retryAfterSeconds: 60 }));
    upstream.script('m2', faults.rateLimited({ retryAfterSeconds: 20 }));
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask());
    const commit = await run.committed;
    expect(commit.ok).toBe(false);
    const { events, result } = await readAll(run);
    expect(result.status).toBe(429);
    expect(AllCandidatesFailedError.isInstance(result.error) && result.error.retryAfterMs).toBe(20_000);
    expect(events).toMatchObject([{ type: 'error', error: { kind: 'rate-limit', status: 429 } }]);
  });

  it("is a 502 otherwise, naming each one's reason", async () => {
    upstream.script('m1', faults.rateLimited());
    upstream.script('m2', faults.serverError(503));
    upstream.script('m3', faults.hang());
    const { result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2'), target(upstream, 'm3')], ask()));
    expect(result.status).toBe(502);
    const message = result.error?.message ?? '';
    expect(message).toContain('m1:');
    expect(message).toContain('m2:');
    expect(message).toContain('m3: no first piece within 500 ms');
    expect(AllCandidatesFailedError.isInstance(result.error) && result.error.failures.map((f) => f.error.name)).toEqual([
      'RateLimitedError',
      'ServerError',
      'TimeoutError',
    ]);
  });
});

describe('classified errors', () => {
  it('a context-length error moves on to a larger window, passing over those no larger', async () => {
    upstream.script('small', faults.contextLengthExceeded());
    const candidates = [
      target(upstream, 'small', { contextWindow: 8_192 }),
      target(upstream, 'same', { contextWindow: 8_192 }),
      target(upstream, 'smaller', { contextWindow: 4_096 }),
      target(upstream, 'large', { contextWindow: 131_072 }),
    ];
    const { result } = await readAll(client.failover(candidates, ask(), { retry: { maxMembers: 3 } }));
    expect(result.alias).toBe('large');
    expect(modelsAsked()).toEqual(['small', 'large']);
    expect(result.skipped.map((s) => s.alias)).toEqual(['same', 'smaller']);
    expect(result.skipped[0]?.why).toContain('not larger than 8192');
  });

  it('is a 413 when no candidate could take the request for its size', async () => {
    upstream.script('a', faults.contextLengthExceeded());
    const { result } = await readAll(
      client.failover([target(upstream, 'a', { contextWindow: 8_192 }), target(upstream, 'b', { contextWindow: 8_000 })], ask()),
    );
    expect(result.status).toBe(413);
  });

  it('a content-policy refusal is the answer: no other candidate is asked', async () => {
    upstream.script('m1', faults.contentPolicy());
    const { result, events } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(result.error?.name).toBe('ContentPolicyError');
    expect(result.status).toBe(400);
    expect(events).toMatchObject([{ type: 'error', error: { kind: 'content-policy' } }]);
    expect(result.error?.message).toContain('safety system');
    expect(modelsAsked()).toEqual(['m1']);
  });

  it("any other 4xx the request caused is the caller's error, not a failover", async () => {
    upstream.script('m1', faults.badRequest());
    const { result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(result.error?.name).toBe('BadRequestError');
    expect(result.status).toBe(400);
    expect(modelsAsked()).toEqual(['m1']);
  });

  it('an Anthropic 429 and an overloaded 529 are classified from their own error bodies', async () => {
    upstream.script('c1', faults.rateLimited());
    upstream.script('c2', faults.serverError(529));
    const candidates = [
      target(upstream, 'c1', { api: 'anthropic' }),
      target(upstream, 'c2', { api: 'anthropic' }),
      target(upstream, 'c3', { api: 'anthropic' }),
    ];
    const { result } = await readAll(client.failover(candidates, ask()));
    expect(result.alias).toBe('c3');
    expect(result.attempts.map((a) => [a.alias, a.error?.name, a.status])).toEqual([
      ['c1', 'RateLimitedError', 429],
      ['c2', 'ServerError', 529],
      ['c2', 'ServerError', 529],
      ['c3', undefined, 200],
    ]);
  });
});

describe('pacing and health', () => {
  it('a paced model is refused locally past its rpm, and the refusal fails over', async () => {
    const paced = target(upstream, 'm1', { rpm: 1 });
    await readAll(client.call(paced, ask()));
    const { result } = await readAll(client.failover([paced, target(upstream, 'm2')], ask()));
    expect(result.alias).toBe('m2');
    expect(modelsAsked()).toEqual(['m1', 'm2']);
    const refusal = result.attempts[0]?.error;
    expect(refusal?.name).toBe('RateLimitedError');
    expect(refusal && 'local' in refusal && refusal.local).toBe(true);
    expect(refusal && 'retryAfterMs' in refusal && refusal.retryAfterMs).toBe(60_000);
  });

  it('a paced model takes requests again once its window slides on', async () => {
    const paced = target(upstream, 'm1', { rpm: 1 });
    await readAll(client.call(paced, ask()));
    clock += 60_001;
    const { result } = await readAll(client.call(paced, ask()));
    expect(result.ok).toBe(true);
    expect(modelsAsked()).toEqual(['m1', 'm1']);
  });

  it('records failures and successes in the health store, and tries cooling candidates last', async () => {
    upstream.script('m1', faults.rateLimited({ retryAfterSeconds: 30 }));
    await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    const health = await client.health.read(['m1', 'm2'], clock);
    expect(health.get('m1')).toMatchObject({ failures: 1, limitedUntil: clock + 30_000 });
    expect(health.has('m2')).toBe(false); // it answered: healthy
    upstream.clearRequests();
    const { result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(result.alias).toBe('m2');
    expect(modelsAsked()).toEqual(['m2']);
  });

  it('a cooling candidate is still tried when the others fail, and is back when it answers', async () => {
    const health = createMemoryHealthStore();
    await health.failed('m1', clock, { afterFailures: 1, forMs: 30_000 });
    expect((await health.read(['m1'], clock)).get('m1')).toMatchObject({ openUntil: clock + 30_000 });
    const own = createClient({ timeouts: FAST, health, now: () => clock });
    upstream.script('m2', faults.badRequest('no'));
    upstream.script('m2', faults.serverError(500));
    const { result } = await readAll(own.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), { retry: { serverErrorRetries: 0 } }));
    await own.close();
    expect(modelsAsked()).toEqual(['m2', 'm1']);
    expect(result.alias).toBe('m1');
    expect((await health.read(['m1'], clock)).has('m1')).toBe(false); // it answered: the circuit closed
  });

  it('a health store that fails (a rejection or a throw) costs the call nothing but a warning', async () => {
    const health: HealthStore = {
      ...createMemoryHealthStore(),
      succeeded: () => Promise.reject(new Error('store down')),
      failed: () => {
        throw new Error('store gone');
      },
    };
    const own = createClient({ timeouts: FAST, health, now: () => clock });
    upstream.script('m1', faults.serverError(500));
    const { result } = await readAll(own.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), { retry: { serverErrorRetries: 0 } }));
    await own.close();
    expect(result).toMatchObject({ ok: true, alias: 'm2' });
    const messages = result.warnings.map((warning) => warning.message);
    expect(messages).toContain('health store: failed failed (store gone)');
    expect(messages).toContain('health store: succeeded failed (store down)');
  });

  it('does not count a bad request against the model', async () => {
    upstream.script('m1', faults.badRequest());
    await readAll(client.call(target(upstream, 'm1'), ask()));
    expect((await client.health.read(['m1'], clock)).has('m1')).toBe(false);
  });
});
