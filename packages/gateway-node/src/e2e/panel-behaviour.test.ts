import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

const fast = { firstTokenMs: 300, idleMs: 500, totalMs: 5000, graceMs: 1000 };

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        capped: { members: ['m1', 'm2', 'm3'], reply: 'all', maxCalls: 2, timeouts: fast },
        judged: { members: ['m1', 'm2'], reply: 'merged', merger: 'm4', timeouts: fast, retry: { serverErrorRetries: 0 } },
        quick: { members: ['m1', 'm2', 'm3'], reply: 'all', timeouts: fast },
      },
      aliases: { ...base.aliases, 'gpt-panel': 'bench/quick:merged' },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe('panel behaviour through the gateway', () => {
  it('maxCalls caps the seats; the member left out is in bench.skipped with its seat and why', async () => {
    const reply = await ask(sdks, 'openai-chat', 'bench/capped', 'how many?', false);
    expect(reply.bench!.seats).toHaveLength(2);
    expect(reply.headers.get('x-bench-seats')!.split(',')).toHaveLength(2);
    expect(reply.bench!.skipped).toEqual([expect.objectContaining({ alias: expect.stringMatching(/^m[123]$/), why: expect.any(String) })]);
  });

  it('a seat that never starts times out; the others still answer', async () => {
    t.upstream.script('up-1', { answer: { text: 'one here' } });
    t.upstream.script('up-2', faults.hang());
    t.upstream.script('up-3', { answer: { text: 'three here' } });
    const reply = await ask(sdks, 'anthropic', 'bench/quick', 'who is slow?', true);
    expect(reply.text).toContain('one here');
    expect(reply.text).toContain('three here');
    expect(reply.bench!.seats.find((seat: { alias: string }) => seat.alias === 'm2')).toMatchObject({ status: 'timeout' });
    await t.upstream.settled();
    expect(t.upstream.requestsFor('up-2').at(-1)!.closedByCaller).toBe(true);
  });

  it("a failing merger does not lose the seats' answers: the reply says what happened", async () => {
    t.upstream.script('up-1', { answer: { text: 'seat one answer' } });
    t.upstream.script('up-2', { answer: { text: 'seat two answer' } });
    t.upstream.script('up-4', faults.serverError(500));
    const reply = await ask(sdks, 'openai-chat', 'bench/judged', 'merge fails', false);
    expect(reply.bench!.seats.map((seat: { status: string }) => seat.status)).toEqual(['ok', 'ok']);
    expect(reply.text).toContain('seat one answer');
    expect(reply.text).toContain('seat two answer');
    expect(reply.bench).toMatchObject({ reply: 'merged' });
    expect(reply.bench!.merger).toMatchObject({ alias: 'm4', status: 'error', error: expect.stringContaining('500') });
    expect(reply.bench!.note).toMatch(/merger m4 .*failed.*every answer/);
    expect(reply.text).toContain(reply.bench!.note);
  });

  it('a name alias can target a panel; the reply echoes the name asked (Anthropic)', async () => {
    t.upstream.script('up-1', { answer: { text: 'merged by alias' } });
    const reply = await ask(sdks, 'anthropic', 'gpt-panel', 'alias to a panel', false);
    expect(reply.model).toBe('gpt-panel');
    expect(reply.bench).toMatchObject({ collection: 'quick', reply: 'merged' });
  });
});
