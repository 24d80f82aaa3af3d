import { faults, type Behaviour } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, minimalRequest, postJSON } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

// `agents`: m1, m2, m3 in that order, a short first-token timeout, a grace period long enough to hold the status.
// `held`: the same without the second chance after a 5xx (so that every member fails quickly).
// `late`: the same members with a grace period shorter than the first-token timeout, so failures come after the 200.
const startFailoverGateway = () =>
  startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        agents: {
          members: ['m1', 'm2', 'm3'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          timeouts: { firstTokenMs: 300, idleMs: 1000, totalMs: 5000, graceMs: 3000 },
        },
        held: {
          members: ['m1', 'm2', 'm3'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          retry: { serverErrorRetries: 0 },
          timeouts: { firstTokenMs: 300, idleMs: 1000, totalMs: 5000, graceMs: 3000 },
        },
        late: {
          members: ['m1', 'm2', 'm3'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          timeouts: { firstTokenMs: 150, idleMs: 300, totalMs: 5000, graceMs: 50 },
        },
        // `agents` without mid-stream recovery: a stream cut part way is not finished by the next member.
        uncontinued: {
          members: ['m1', 'm2', 'm3'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          continue: false,
          timeouts: { firstTokenMs: 300, idleMs: 1000, totalMs: 5000, graceMs: 3000 },
        },
      },
    }),
  });

beforeAll(async () => {
  t = await startFailoverGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

/** A gateway of its own, so that no member is cooling down from an earlier test. */
async function withFreshGateway(body: (fresh: TestGateway, freshSdks: Sdks) => Promise<void>): Promise<void> {
  const fresh = await startFailoverGateway();
  try {
    await body(fresh, sdksFor(fresh.url));
  } finally {
    await fresh.close();
  }
}

const answering = (text: string): Behaviour => ({ answer: { text: text.split(/(?<= )/) } });

describe('failover before the first token: the caller sees none of it', () => {
  // With how many attempts m1 is given: a 5xx or a reset gets one second chance, nothing else does.
  const firstFails: Array<[string, Behaviour, number]> = [
    ['500', faults.serverError(500), 2],
    ['429 without Retry-After', faults.rateLimited(), 1],
    ['connection reset', faults.reset(), 2],
    ['hang past firstTokenMs', faults.hang(), 1],
    ['empty reply', faults.empty(), 1],
  ];
  const cases = firstFails.flatMap(([name, behaviour, attempts]) => [false, true].map((stream) => ({ name, behaviour, attempts, stream })));

  it.each(cases)(
    '$name on m1 (stream $stream) → m2 answers after $attempts attempt(s) on m1, bench.failed_over names m1 once',
    ({ behaviour, attempts, stream }) =>
      withFreshGateway(async (fresh, freshSdks) => {
        fresh.upstream.script('up-1', behaviour);
        fresh.upstream.script('up-2', answering('second member here'));
        const reply = await ask(freshSdks, 'anthropic', 'bench/agents', 'who answers?', stream);
        expect(reply.text).toBe('second member here');
        expect(reply.headers.get('x-bench-model')).toBe('m2');
        expect(reply.bench).toMatchObject({ alias: 'm2', failed_over: [{ alias: 'm1', error: expect.any(String) }] });
        expect(reply.bench!.failed_over).toHaveLength(1);
        expect(fresh.upstream.requestsFor('up-3')).toHaveLength(0);
        expect(fresh.upstream.requestsFor('up-1')).toHaveLength(attempts);
        if (behaviour.hang) {
          await fresh.upstream.settled();
          expect(fresh.upstream.requestsFor('up-1').at(-1)!.closedByCaller).toBe(true);
        }
      }),
  );

  it('a 429 with a short Retry-After is waited out and retried once on the same member', () =>
    withFreshGateway(async (fresh, freshSdks) => {
      fresh.upstream.script('up-1', [faults.rateLimited({ retryAfterSeconds: 1 }), answering('after the wait')]);
      const reply = await ask(freshSdks, 'openai-chat', 'bench/agents', 'patience', false);
      expect(reply.text).toBe('after the wait');
      expect(reply.headers.get('x-bench-model')).toBe('m1');
      expect(reply.bench!.failed_over).toBeUndefined();
      const [first, second] = fresh.upstream.requestsFor('up-1');
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
      expect(fresh.upstream.requestsFor('up-2')).toHaveLength(0);
    }));
});

describe("a provider refusing the gateway's own credentials", () => {
  it('an upstream 401/403/404 fails over; when every member refuses, the caller gets a 502, never a 401 about its own key', () =>
    withFreshGateway(async (fresh, freshSdks) => {
      const refused = (status: number, kind: 'authentication' | 'permission' | 'not-found') => ({
        error: { status, error: { kind, message: `provider said ${status}` } },
      });
      fresh.upstream.script('up-1', refused(401, 'authentication'));
      fresh.upstream.script('up-2', answering('m2 is configured right'));
      expect((await ask(freshSdks, 'anthropic', 'bench/agents', 'misconfigured', false)).bench).toMatchObject({ alias: 'm2', failed_over: [{ alias: 'm1' }] });
      fresh.upstream.script('up-2', refused(403, 'permission'));
      fresh.upstream.script('up-3', refused(404, 'not-found'));
      const { path, body } = minimalRequest('anthropic', 'bench/held', 'all misconfigured', false);
      const result = await postJSON(fresh.url + path, body);
      expect(result.status).toBe(502);
      expect(result.json).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    }));
});

describe('cooling members', () => {
  it('a rate-limited member is tried last by the next conversation, not skipped', () =>
    withFreshGateway(async (fresh, freshSdks) => {
      fresh.upstream.script('up-1', faults.rateLimited({ retryAfterSeconds: 60 }));
      fresh.upstream.script('up-2', answering('m2 covers'));
      expect((await ask(freshSdks, 'openai-chat', 'bench/agents', 'first conversation', false)).bench).toMatchObject({ alias: 'm2' });
      fresh.upstream.clearRequests();
      fresh.upstream.script('up-1', answering('m1 is back'));
      fresh.upstream.script('up-2', faults.serverError(500));
      fresh.upstream.script('up-3', faults.serverError(500));
      const reply = await ask(freshSdks, 'openai-chat', 'bench/agents', 'second conversation', false);
      expect(reply.bench).toMatchObject({ alias: 'm1', failed_over: [{ alias: 'm2' }, { alias: 'm3' }] });
      expect(fresh.upstream.requests.map((request) => request.model)).toEqual(['up-2', 'up-2', 'up-3', 'up-3', 'up-1']);
    }));
});

describe('the held status: every member failing fast keeps its status', () => {
  const cases = SDK_PROTOCOLS.flatMap((protocol) => [false, true].map((stream) => ({ protocol, stream })));

  it.each(cases)('$protocol stream $stream: 429 when every member is rate limited, 502 when every member fails', async ({ protocol, stream }) => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.rateLimited({ retryAfterSeconds: 30 }));
    const { path, body } = minimalRequest(protocol, 'bench/held', 'anyone?', stream);
    const limited = await postJSON(t.url + path, body);
    expect(limited.status).toBe(429);
    expect(errorMessageOf(protocol, limited.json)).toEqual(expect.any(String));
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-bench-conversation')).toEqual(expect.any(String)); // the error names the turn's conversation too

    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.serverError(503));
    const failing = await postJSON(t.url + path, body);
    expect(failing.status).toBe(502);
    expect(errorMessageOf(protocol, failing.json)).toEqual(expect.any(String));
  });

  it('the SDKs see the statuses as their own error classes', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.rateLimited({ retryAfterSeconds: 30 }));
    await expect(ask(sdks, 'anthropic', 'bench/held', 'x', true)).rejects.toMatchObject({
      status: 429,
      error: { type: 'error', error: { type: 'rate_limit_error' } },
    });
    await expect(ask(sdks, 'openai-chat', 'bench/held', 'x', true)).rejects.toMatchObject({ status: 429 });
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.serverError(500));
    await expect(ask(sdks, 'gemini', 'bench/held', 'x', false)).rejects.toMatchObject({ status: 502 });
    await expect(ask(sdks, 'ollama', 'bench/held', 'x', false)).rejects.toMatchObject({ status_code: 502 });
  });
});

describe("failures after the 200 arrive as the protocol's in-stream error, and the SDK throws", () => {
  it.each(SDK_PROTOCOLS)('%s: a member cut part way on a collection with "continue": false (nobody else is asked)', async (protocol) => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', { answer: { text: ['one ', 'two ', 'three ', 'four'] }, cutAfterPieces: 2 });
    await expect(ask(sdks, protocol, 'bench/uncontinued', 'cut me', true)).rejects.toThrow();
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
  });

  it.each(SDK_PROTOCOLS)('%s: every member failing after the grace period', async (protocol) => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, faults.hang());
    const { path, body } = minimalRequest(protocol, 'bench/late', 'slow everywhere', true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.status).toBe(200);
    expect(raw.text).toMatch(/error/i);
    expect(raw.text).not.toMatch(/"bench"/);
    await expect(ask(sdks, protocol, 'bench/late', 'slow everywhere', true)).rejects.toThrow();
  });
});
