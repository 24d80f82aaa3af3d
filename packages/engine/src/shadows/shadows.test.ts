import type { StreamEvent } from '@bench/formats';
import { createLedger, type Ledger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import type { Engine } from '../engine';
import { ask, collect, eventually, shadowConfig, sqliteOnDisk } from './shadow-test-setup';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({
    models: {
      'up-member': { answer: { text: ['the member ', 'answers'] } },
      'up-shadow': { answer: { text: ['SHADOW-ONLY ', 'words'] } },
      'up-shadow-2': { answer: { text: 'SECOND-SHADOW' } },
    },
  });
});
afterAll(() => upstream.close());

const opened: { engine: Engine; remove(): void }[] = [];
afterEach(async () => {
  for (const { engine, remove } of opened.splice(0)) {
    await engine.close().catch(() => undefined);
    remove();
  }
  upstream.clearRequests();
  upstream.script('up-shadow', { answer: { text: ['SHADOW-ONLY ', 'words'] } });
  upstream.script('up-member', { answer: { text: ['the member ', 'answers'] } });
});

/** An engine on a SQLite ledger on disk, its collection `agents` shadowed as `shadow` says. */
async function engineWith(
  shadow: Record<string, unknown> | undefined,
  options: { random?: () => number; models?: Record<string, Record<string, unknown>> } = {},
) {
  const file = sqliteOnDisk();
  const engine = await createEngine(shadowConfig(upstream, file.url, shadow, options.models), options.random ? { random: options.random } : {});
  opened.push({ engine, remove: file.remove });
  return engine;
}

/** A whole turn, once recorded (its shadow, if any, started or dropped). */
async function answered(engine: Engine, text: string) {
  const turn = engine.turn(ask(text), { model: 'bench/agents' });
  const made = await turn.reply();
  await turn.done;
  return made;
}

/** A streamed turn's events, once it is recorded; `ended` is when the caller's iteration finished. */
async function streamed(engine: Engine, request: ReturnType<typeof ask>) {
  const turn = engine.turn(request, { model: 'bench/agents' });
  const events = await collect(turn);
  const ended = performance.now();
  await turn.done;
  return { events, ended };
}

const idle = (engine: Engine) => eventually(() => engine.shadows().agents?.inFlight === 0, 8000);

const textOf = (events: StreamEvent[]) => events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
const finishBench = (events: StreamEvent[]) => (events.at(-1) as Extract<StreamEvent, { type: 'finish' }>).extra?.bench as Record<string, unknown>;

describe('shadows', () => {
  it('sends the turn as the member got it to the shadow, records it (purpose shadow, linked, in the conversation), and the caller sees none of it', async () => {
    // The member takes its time over its pieces: a shadow started any earlier than the stream's end would arrive first.
    upstream.script('up-member', { answer: { text: ['the member ', 'answers'] }, pieceDelayMs: 150 });
    const engine = await engineWith({ rate: 1, members: ['s'] });
    const tools = [{ name: 'read_file', description: 'reads a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];
    const { events, ended: iterationEnded } = await streamed(engine, ask('what is in README?', { tools }));

    expect(textOf(events)).toBe('the member answers');
    expect(JSON.stringify(events)).not.toMatch(/SHADOW-ONLY|shadow/i);
    const bench = finishBench(events);
    expect(bench).toMatchObject({ alias: 'a' });

    await eventually(() => upstream.requestsFor('up-shadow').some((request) => request.ended));
    const [member] = upstream.requestsFor('up-member');
    const [shadow] = upstream.requestsFor('up-shadow');
    // The caller's stream ended before the shadow call reached its upstream.
    expect(shadow!.at).toBeGreaterThan(iterationEnded);
    // As it was sent to the member: the same body but the model's name (the messages, the tools, the stream flag).
    expect({ ...(shadow!.body as object), model: 'x' }).toEqual({ ...(member!.body as object), model: 'x' });
    expect(shadow!.neutral?.tools?.map((tool) => tool.name)).toEqual(['read_file']);

    await idle(engine);
    await engine.ledger.flush();
    const listed = await engine.ledger.turnWithShadows(bench.call as string);
    expect(listed?.call).toMatchObject({ id: bench.call, purpose: 'route', alias: 'a' });
    expect(listed?.shadows).toEqual([
      expect.objectContaining({
        id: `${bench.call as string}-shadow-1`,
        purpose: 'shadow',
        alias: 's',
        status: 'ok',
        collection: 'agents',
        unit: listed?.call.unit,
      }),
    ]);
    expect(listed?.shadows[0]?.outputTokens).toBeGreaterThan(0);
    expect(engine.shadows().agents).toMatchObject({ run: 1, failed: 0, dropped: { busy: 0, budget: 0 } });
  });

  it('a whole reply carries nothing of the shadow, and its shadow starts after the reply was made', async () => {
    const engine = await engineWith({ rate: 1, members: ['s'] });
    const { reply, headers } = await engine.turn(ask('hello', { stream: false }), { model: 'bench/agents' }).reply();
    const replied = performance.now();
    expect(JSON.stringify(reply)).not.toMatch(/SHADOW-ONLY/);
    expect(JSON.stringify(headers)).not.toMatch(/shadow/i);
    await eventually(() => upstream.requestsFor('up-shadow').length === 1);
    expect(upstream.requestsFor('up-shadow')[0]!.at).toBeGreaterThan(replied);
  });

  it("an Anthropic shadow gets the Anthropic caller's betas, as an Anthropic member does", async () => {
    const engine = await engineWith({ rate: 1, members: ['claude'] }, { models: { claude: { provider: 'anthropic', model: 'up-claude', tools: true } } });
    const turn = engine.turn(ask('hi'), { model: 'bench/agents', protocol: 'anthropic', headers: { 'anthropic-beta': 'context-management-2025-06-27' } });
    await turn.reply();
    await turn.done;
    await idle(engine);
    expect(upstream.requestsFor('up-claude')[0]?.headers['anthropic-beta']).toBe('context-management-2025-06-27');
  });

  it('takes the shadow members in turn', async () => {
    const engine = await engineWith({ rate: 1, members: ['s', 't'] });
    for (const text of ['one', 'two', 'three']) {
      await answered(engine, text);
      await idle(engine);
    }
    expect(upstream.requestsFor('up-shadow')).toHaveLength(2);
    expect(upstream.requestsFor('up-shadow-2')).toHaveLength(1);
  });

  it("rate 0 never shadows, rate 1 always, and a rate between follows the engine's random", async () => {
    const never = await engineWith({ rate: 0, members: ['s'] }, { random: () => 0 });
    for (let i = 0; i < 3; i += 1) await answered(never, `n${i}`);
    const always = await engineWith({ rate: 1, members: ['t'] }, { random: () => 0.999999 });
    for (let i = 0; i < 3; i += 1) {
      await answered(always, `a${i}`);
      await idle(always);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.requestsFor('up-shadow')).toHaveLength(0);
    expect(never.shadows().agents).toMatchObject({ run: 0 });
    expect(upstream.requestsFor('up-shadow-2')).toHaveLength(3);
    expect(always.shadows().agents).toMatchObject({ run: 3 });

    const draws = [0.2, 0.7, 0.2, 0.7]; // shared with the router's and client's draws: some turns draw under the rate, some over
    let next = 0;
    const half = await engineWith({ rate: 0.5, members: ['s'] }, { random: () => draws[next++ % draws.length]! });
    for (let i = 0; i < 4; i += 1) {
      await answered(half, `h${i}`);
      await idle(half);
    }
    expect(half.shadows().agents!.run).toBeGreaterThan(0);
    expect(half.shadows().agents!.run).toBeLessThan(4);
  });

  it('a shadow that fails or hangs leaves the turn alone: the caller is answered, and the shadow is recorded as it ended', async () => {
    upstream.script('up-shadow', [{ error: { status: 500 } }, { hang: true }]);
    const engine = await engineWith({ rate: 1, members: ['s'] });
    const { events: first } = await streamed(engine, ask('one'));
    expect(textOf(first)).toBe('the member answers');
    const { events: second } = await streamed(engine, ask('two'));
    expect(textOf(second)).toBe('the member answers');
    expect(second.at(-1)?.type).toBe('finish');
    await idle(engine);
    expect(engine.shadows().agents).toMatchObject({ run: 2, failed: 2 });
    await engine.ledger.flush();
    const failed = await engine.ledger.turnWithShadows(finishBench(first).call as string);
    const hung = await engine.ledger.turnWithShadows(finishBench(second).call as string);
    expect(failed?.shadows[0]).toMatchObject({ purpose: 'shadow', alias: 's' });
    expect(failed?.shadows[0]?.status).not.toBe('ok');
    expect(hung?.shadows[0]?.status).toBe('timeout');
    // The member's own record is untouched: its call is ok.
    expect(hung?.call.status).toBe('ok');
  });

  it('drops the shadows of turns that come while the bound is full, counted as busy', async () => {
    upstream.script('up-shadow', { answer: { text: 'slow shadow' }, firstPieceDelayMs: 800 });
    const engine = await engineWith({ rate: 1, members: ['s'], maxConcurrent: 1 });
    const replies = await Promise.all([1, 2, 3, 4].map((i) => answered(engine, `turn ${i}`)));
    expect(replies.map((r) => (r.reply.content[0] as { text?: string }).text)).toEqual(Array(4).fill('the member answers'));
    expect(engine.shadows().agents).toMatchObject({ run: 1, inFlight: 1, dropped: { busy: 3, budget: 0 } });
    await idle(engine);
    expect(upstream.requestsFor('up-shadow')).toHaveLength(1);
  });

  it("drops shadows once the day's usdPerDay is spent, counted as budget", async () => {
    // A dollar a token: the first shadow spends the whole cap.
    const engine = await engineWith(
      { rate: 1, members: ['p'], usdPerDay: 1 },
      { models: { p: { provider: 'chat', model: 'up-shadow', price: { input: 1_000_000, output: 1_000_000 } } } },
    );
    await answered(engine, 'one');
    await idle(engine);
    expect(engine.shadows().agents!.usdToday).toBeGreaterThan(1);
    await answered(engine, 'two');
    await answered(engine, 'three');
    expect(engine.shadows().agents).toMatchObject({ run: 1, dropped: { busy: 0, budget: 2 } });
    expect(upstream.requestsFor('up-shadow')).toHaveLength(1);
  });

  it("a reload keeps today's spending and counters, applies the new cap, and sends shadows to the new members", async () => {
    const pricey = { p: { provider: 'chat', model: 'up-shadow', price: { input: 1_000_000, output: 1_000_000 } } };
    const engine = await engineWith({ rate: 1, members: ['p'], usdPerDay: 1 }, { models: pricey });
    await answered(engine, 'one');
    await idle(engine);
    const spent = engine.shadows().agents!.usdToday;
    const reload = (shadow: Record<string, unknown>) =>
      engine.reconfigure(shadowConfig(upstream, engine.config.ledger, shadow, { ...pricey, q: { provider: 'chat', model: 'up-shadow-2' } }));
    reload({ rate: 1, members: ['q'], usdPerDay: 1 });
    await answered(engine, 'two'); // today's spending is still over the cap
    expect(engine.shadows().agents).toMatchObject({ run: 1, usdToday: spent, dropped: { budget: 1 } });
    reload({ rate: 1, members: ['q'], usdPerDay: 1_000_000 });
    await answered(engine, 'three');
    await idle(engine);
    expect(engine.shadows().agents).toMatchObject({ run: 2, dropped: { budget: 1 } });
    expect(upstream.requestsFor('up-shadow-2')).toHaveLength(1);
  });

  it('an unpriced shadow model counts 0 toward the cap, and says so once in the log', async () => {
    const warnings: string[] = [];
    const file = sqliteOnDisk();
    const logger = { warn: (_: unknown, message: string) => warnings.push(message), error: () => undefined };
    const engine = await createEngine(shadowConfig(upstream, file.url, { rate: 1, members: ['t'], usdPerDay: 0.000001 }), { logger });
    opened.push({ engine, remove: file.remove });
    for (const text of ['one', 'two']) {
      await answered(engine, text);
      await idle(engine);
    }
    expect(engine.shadows().agents).toMatchObject({ run: 2, usdToday: 0, dropped: { budget: 0 } });
    expect(warnings.filter((message) => /no price/.test(message))).toHaveLength(1);
  });

  it("records a shadow's tool calls and never runs them", async () => {
    upstream.script('up-shadow', {
      answer: {
        toolCalls: [
          { id: 'call_1', name: 'delete_everything', arguments: '{"path":"/"}' },
          { id: 'call_2', name: 'read_file', arguments: '{"path":"a"}' },
        ],
      },
    });
    const engine = await engineWith({ rate: 1, members: ['s'] });
    const tools = ['delete_everything', 'read_file'].map((name) => ({ name, inputSchema: { type: 'object' } }));
    const { events } = await streamed(engine, ask('tidy up', { tools }));
    expect(events.some((event) => event.type.startsWith('tool-call'))).toBe(false);
    await idle(engine);
    await engine.ledger.flush();
    const listed = await engine.ledger.turnWithShadows(finishBench(events).call as string);
    expect(listed?.shadows[0]).toMatchObject({ toolCalls: 2, finishReason: 'tool-calls', status: 'ok' });
    expect(listed?.call.toolCalls).toBe(0);
    // Nothing ran the tools and went back to the shadow with their results.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.requestsFor('up-shadow')).toHaveLength(1);
  });

  it('close() waits for the shadows in flight, so none is lost', async () => {
    upstream.script('up-shadow', { answer: { text: 'late shadow' }, firstPieceDelayMs: 400 });
    const file = sqliteOnDisk();
    const config = shadowConfig(upstream, file.url, { rate: 1, members: ['s'] });
    const engine = await createEngine(config);
    const { reply } = await answered(engine, 'one');
    await engine.close();
    const ledger: Ledger = await createLedger(file.url);
    try {
      const listed = await ledger.turnWithShadows(reply.id);
      expect(listed?.shadows).toEqual([expect.objectContaining({ purpose: 'shadow', status: 'ok', alias: 's' })]);
    } finally {
      await ledger.close();
      file.remove();
    }
  });

  it('close() waits no longer than the grace period: a shadow still going is aborted and recorded so', async () => {
    upstream.script('up-shadow', { hang: true });
    const file = sqliteOnDisk();
    const config = shadowConfig(upstream, file.url, { rate: 1, members: ['s'] });
    config.server.shutdownGraceMs = 200; // under the collection's firstTokenMs (1500): the shadow has not timed out yet
    const engine = await createEngine(config);
    const { reply } = await answered(engine, 'one');
    await engine.close(); // aborted at the grace period's end, not left to its timeout (which would record "timeout")
    const ledger: Ledger = await createLedger(file.url);
    try {
      expect((await ledger.turnWithShadows(reply.id))?.shadows).toEqual([expect.objectContaining({ purpose: 'shadow', status: 'aborted' })]);
    } finally {
      await ledger.close();
      file.remove();
    }
  });

  it('no shadow config: no shadow, and no counters', async () => {
    const engine = await engineWith(undefined);
    await answered(engine, 'one');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.requestsFor('up-shadow')).toHaveLength(0);
    expect(engine.shadows()).toEqual({});
  });
});
