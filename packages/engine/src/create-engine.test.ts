import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { NeutralRequest, StreamEvent } from '@bench/formats';
import { createLedger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import type { Engine } from './engine';
import type { EngineEvent } from './events/engine-events';
import { EngineError } from './errors/engine-error';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({
    models: {
      slow: { answer: { text: ['one ', 'two ', 'three'] }, pieceDelayMs: 300 },
      down: { error: { status: 503 } },
    },
  });
});
afterAll(() => upstream.close());

const fast = { firstTokenMs: 2000, idleMs: 2000, totalMs: 10000, graceMs: 1000 };

function engineConfig() {
  const provider = { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' };
  return {
    ledger: 'memory:',
    providers: { chat: provider, anthropic: { baseURL: upstream.baseURL('anthropic'), api: 'anthropic' } },
    models: {
      a: { provider: 'chat', model: 'up-a', price: { input: 1, output: 2 } },
      b: { provider: 'anthropic', model: 'up-b' },
      slow: { provider: 'chat', model: 'slow' },
      down: { provider: 'chat', model: 'down' },
    },
    collections: {
      agents: { members: ['down', 'a'], reply: 'route', order: 'listed', timeouts: fast },
      panel: { members: ['a', 'b'], reply: 'all', timeouts: fast },
      only: { members: ['a'], reply: 'route' },
    },
    keys: {},
    defaults: { timeouts: fast, retry: { serverErrorRetries: 0 } },
  };
}

const ask = (text: string, stream = true): NeutralRequest => ({
  model: '',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream,
  extra: {},
});

async function exported(ledger: { exportCalls(options: { format: 'jsonl' }): AsyncIterable<string> }): Promise<string> {
  let text = '';
  for await (const piece of ledger.exportCalls({ format: 'jsonl' })) text += piece;
  return text;
}

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('createEngine: turns with no wire', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine(engineConfig());
  });
  afterAll(() => engine.close());

  it('streams a route turn as neutral events: the failed member is passed over, bench on the finish', async () => {
    const turn = engine.turn(ask('hello there'), { model: 'bench/agents' });
    const events = await collect(turn);
    expect(events[0]).toMatchObject({ type: 'start', model: 'a' });
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toContain('hello there');
    const finish = events.at(-1);
    expect(finish?.type).toBe('finish');
    const bench = (finish as Extract<StreamEvent, { type: 'finish' }>).extra?.bench as Record<string, unknown>;
    expect(bench).toMatchObject({ collection: 'agents', reply: 'route', alias: 'a', failed_over: [{ alias: 'down' }] });
    expect(turn.summary).toMatchObject({ collection: 'agents', reply: 'route', model: 'a' });
    await turn.done;
    await engine.ledger.flush();
    expect(await engine.ledger.getCall(bench.call as string)).toMatchObject({ alias: 'a', status: 'ok', purpose: 'route' });
  });

  it('answers a panel turn whole, each seat labelled, in any member protocol', async () => {
    const { reply, headers } = await engine.turn(ask('tabs or spaces?', false), { model: 'bench/panel' }).reply();
    const bench = reply.extra?.bench as { seats: Array<{ alias: string; answer: string; status: string }> };
    expect(bench.seats.map((seat) => [seat.alias, seat.status])).toEqual([
      ['a', 'ok'],
      ['b', 'ok'],
    ]);
    expect(headers['x-bench-seats']).toBe('a,b');
    expect(reply.model).toBe('bench/panel'); // an OpenAI Chat caller by default: a panel names its collection
  });

  it('tells its listeners every call, turn, failover and verdict, and stops when one unsubscribes', async () => {
    const seen: EngineEvent[] = [];
    const stop = engine.events.on((event) => seen.push(event));
    engine.events.on(() => {
      throw new Error('a faulty observer');
    });
    const { reply } = await engine.turn(ask('count me', false), { model: 'bench/agents' }).reply();
    const call = (reply.extra as { bench: { call: string } }).bench.call;
    await engine.verdict({ call, useful: true });
    expect(seen.map((event) => event.type)).toEqual(['call', 'call', 'turn', 'failover', 'verdict']);
    expect(seen[1]).toMatchObject({ type: 'call', call: { id: call, alias: 'a', purpose: 'route' } });
    expect(seen[0]).toMatchObject({ type: 'call', call: { alias: 'down', status: 'server' } });
    // The attempts ran one after the other: their start times say so, for a trace's timeline.
    const [failed, answered] = seen.map((event) => (event.type === 'call' ? event.call : undefined));
    expect(answered!.startedAt).toBeGreaterThanOrEqual(failed!.startedAt! + failed!.seconds! * 1000 - 1);
    expect(seen[3]).toEqual({
      type: 'failover',
      failover: { collection: 'agents', keyName: 'local', from: 'down', to: 'a', reason: 'server', continuation: false },
    });
    expect(seen[4]).toMatchObject({ type: 'verdict', verdict: { call, useful: true } });
    stop();
    await engine.turn(ask('unheard', false), { model: 'bench/only' }).reply();
    expect(seen).toHaveLength(5);
  });

  it('names the member in the protocol the caller speaks: an Anthropic caller gets the name it asked for', async () => {
    const events = await collect(engine.turn(ask('who?'), { model: 'bench/only', protocol: 'anthropic' }));
    expect(events[0]).toMatchObject({ type: 'start', model: 'bench/only' });
  });

  it('throws an EngineError with the status from iteration when the name is unknown, listing what may be called', async () => {
    const failure = await collect(engine.turn(ask('x'), { model: 'bench/nope' })).catch((error: unknown) => error);
    expect(EngineError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 404, message: expect.stringContaining('This key may call: bench/agents, bench/panel, bench/only') });
    await expect(engine.turn(ask('x')).reply()).rejects.toMatchObject({ status: 400, param: 'model' });
  });

  it('keeps a key to its collections', async () => {
    const key = { keyName: 'ci', allowed: ['only'] };
    await expect(engine.turn(ask('x', false), { model: 'bench/agents', key }).reply()).rejects.toMatchObject({ status: 403 });
    expect(engine.listings(key).map((model) => model.id)).toEqual(['bench/only', 'bench/only:all', 'bench/only:merged']);
  });

  it('aborts the upstream call when the signal fires, and records the call as aborted', async () => {
    const controller = new AbortController();
    const turn = engine.turn(ask('slowly'), { model: 'slow', signal: controller.signal });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of turn) {
          if (event.type === 'text-delta') {
            seen.push(event.text);
            controller.abort();
          }
        }
      })(),
    ).resolves.toBeUndefined();
    expect(seen).toEqual(['one ']);
    await turn.done;
    await upstream.settled();
    await engine.ledger.flush();
    const calls = await exported(engine.ledger);
    expect(calls).toContain('"status":"aborted"');
  });

  it('a reader that stops early cancels the turn', async () => {
    const turn = engine.turn(ask('slowly'), { model: 'slow' });
    for await (const event of turn) if (event.type === 'text-delta') break;
    await turn.done;
    await upstream.settled(); // the upstream saw its connection closed: nothing left running
  });

  it('verdicts, counts and health without a wire', async () => {
    const { reply } = await engine.turn(ask('judge me', false), { model: 'bench/only' }).reply();
    const call = (reply.extra!.bench as { call: string }).call;
    await engine.ledger.flush();
    await expect(engine.verdict({ call, useful: true })).resolves.toMatchObject({ call, useful: true });
    await expect(engine.verdict({ call: 'nope', useful: true })).rejects.toMatchObject({ status: 404, param: 'call' });
    await expect(engine.countTokens(ask('a few words here'), { model: 'bench/only' })).resolves.toMatchObject({ tokens: expect.any(Number) });
    await expect(engine.countTokens(ask('x'), { model: 'bench/none' })).rejects.toThrow(/unknown collection/);
    expect(await engine.health()).toEqual({ ready: true, ledger: { ok: true }, state: { ok: true } });
  });
});

describe('createEngine: closing', () => {
  it('waits for the turns in flight to be recorded before it closes the ledger', async () => {
    const ledger = await createLedger('memory:');
    const engine = await createEngine(engineConfig(), { ledger });
    const turn = engine.turn(ask('slowly'), { model: 'slow' });
    const reading = collect(turn);
    await turn.open();
    const closing = engine.close();
    await reading;
    await closing;
    const calls = await exported(ledger);
    expect(calls).toContain('"alias":"slow"');
  });
});

describe('the embedding example', () => {
  it('runs a route and a panel turn with no server of bench’s', async () => {
    const script = fileURLToPath(new URL('../../../examples/embed-engine/embed-engine.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 20_000 });
    expect(stdout).toBe('route: "model-a says hello" (member a, cost $0.000011)\npanel: a: "model-a says hello", b: "model-b says hello"\n');
  });
});
