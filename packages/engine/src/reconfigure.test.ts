import type { NeutralRequest, StreamEvent } from '@bench/formats';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config/config-error';
import { createEngine } from './create-engine';
import type { Engine } from './engine';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({
    models: {
      slow: { answer: { text: ['one ', 'two ', 'three'] }, pieceDelayMs: 200 },
      'says-code': { answer: { text: 'code' } },
      'says-writing': { answer: { text: 'writing' } },
    },
  });
});
afterAll(() => upstream.close());

const env = { KEY_ALICE: 'alice-secret', KEY_BOB: 'bob-secret' };

function configWith(change: (config: Record<string, any>) => void = () => undefined): Record<string, any> {
  const config: Record<string, any> = {
    ledger: 'memory:',
    providers: { chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
    models: { a: { provider: 'chat', model: 'up-a' }, b: { provider: 'chat', model: 'up-b' }, slow: { provider: 'chat', model: 'slow' } },
    collections: { agents: { members: ['a'], reply: 'route', order: 'listed' } },
    keys: { alice: { keyEnv: 'KEY_ALICE' } },
  };
  change(config);
  return config;
}

const ask = (text: string, stream = false): NeutralRequest => ({
  model: '',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream,
  extra: {},
});

const answeredBy = async (engine: Engine, model: string) =>
  ((await engine.turn(ask('who answers?'), { model, key: { keyName: 'alice' } }).reply()).reply.extra!.bench as { alias: string }).alias;

describe('engine.reconfigure', () => {
  let engine: Engine;
  afterEach(() => engine?.close());

  it('applies a new config to the next turn, and says what changed by path and name', async () => {
    engine = await createEngine(configWith(), { env });
    expect(await answeredBy(engine, 'bench/agents')).toBe('a');
    const result = engine.reconfigure(
      configWith((config) => {
        config.collections.agents.members = ['b'];
        config.models.m3 = { provider: 'chat', model: 'up-3' };
        delete config.models.slow;
      }),
    );
    expect(result.changed).toEqual(['models.slow removed', 'models.m3 added', 'collections.agents.members']);
    expect(await answeredBy(engine, 'bench/agents')).toBe('b');
    expect(engine.config.models.m3).toBeDefined();
    expect(engine.listings().map((model) => model.id)).toContain('m3');
  });

  it('a turn keeps the config it started with: a collection removed by a reload still answers it', async () => {
    engine = await createEngine(configWith(), { env });
    const turn = engine.turn(ask('started before'), { model: 'bench/agents' });
    engine.reconfigure(configWith((config) => delete config.collections.agents));
    const { reply } = await turn.reply();
    expect((reply.extra!.bench as { alias: string }).alias).toBe('a');
    await expect(engine.turn(ask('after'), { model: 'bench/agents' }).reply()).rejects.toMatchObject({ status: 404 });
  });

  it('a stream in flight finishes on its member when the reload removes it', async () => {
    engine = await createEngine(
      configWith((config) => (config.collections.agents.members = ['slow'])),
      { env },
    );
    const turn = engine.turn(ask('a long answer', true), { model: 'bench/agents' });
    const events: StreamEvent[] = [];
    for await (const event of turn) {
      events.push(event);
      if (event.type === 'text-delta' && events.filter((seen) => seen.type === 'text-delta').length === 1) {
        engine.reconfigure(configWith((config) => delete config.models.slow)); // agents is [a] again, and slow is gone
      }
    }
    expect(events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('')).toBe('one two three');
    const finish = events.at(-1) as Extract<StreamEvent, { type: 'finish' }>;
    expect(finish.extra?.bench).toMatchObject({ alias: 'slow', collection: 'agents' });
    await turn.done;
    await engine.ledger.flush();
    expect(await engine.ledger.getCall((finish.extra!.bench as { call: string }).call)).toMatchObject({ alias: 'slow', status: 'ok' });
    expect(await answeredBy(engine, 'bench/agents')).toBe('a');
  });

  it('a key removed stops working, a key added works', async () => {
    engine = await createEngine(configWith(), { env });
    expect(engine.authenticate('alice-secret')).toMatchObject({ keyName: 'alice' });
    engine.reconfigure(configWith((config) => (config.keys = { bob: { keyEnv: 'KEY_BOB', admin: true } })));
    expect(engine.authenticate('alice-secret')).toBeUndefined();
    expect(engine.authenticate('bob-secret')).toMatchObject({ keyName: 'bob', admin: true });
    engine.reconfigure(configWith((config) => (config.keys = {})));
    expect(engine.keysEnabled).toBe(false);
  });

  it('refuses, changing nothing, an invalid config, an unset key variable, or another ledger or state store', async () => {
    engine = await createEngine(configWith(), { env });
    const refusal = (change: (config: Record<string, any>) => void) => {
      try {
        engine.reconfigure(configWith(change));
      } catch (error) {
        if (ConfigError.isInstance(error)) return error.issues;
        throw error;
      }
      throw new Error('the reload was not refused');
    };
    expect(refusal((config) => (config.collections.agents.members = ['a', 'm9']))).toEqual([
      { path: 'collections.agents.members[1]', message: expect.stringContaining('unknown model "m9"') },
    ]);
    expect(refusal((config) => (config.keys.carol = { keyEnv: 'KEY_CAROL' }))).toEqual([
      { path: 'keys.carol.keyEnv', message: expect.stringContaining('KEY_CAROL is not set') },
    ]);
    expect(refusal((config) => (config.ledger = 'sqlite:/tmp/elsewhere.db'))).toEqual([{ path: 'ledger', message: expect.stringContaining('restart') }]);
    expect(refusal((config) => (config.state = 'redis://127.0.0.1:1'))).toEqual([{ path: 'state', message: expect.stringContaining('restart') }]);
    expect(engine.config.collections.agents!.members).toEqual(['a']);
    expect(engine.authenticate('alice-secret')).toMatchObject({ keyName: 'alice' });
    expect(await answeredBy(engine, 'bench/agents')).toBe('a');
  });
});

describe('engine.reconfigure and the shapers’ labels', () => {
  it('keeps a conversation’s label across a reload that leaves shaping alone, and asks again under a new shaper', async () => {
    const shaped = (shaper: string, extra: Record<string, unknown> = {}) =>
      configWith((config) => {
        config.shapes = ['code', 'writing'];
        config.models.sc = { provider: 'chat', model: 'says-code' };
        config.models.sw = { provider: 'chat', model: 'says-writing' };
        config.collections.agents.shaper = shaper;
        Object.assign(config.models, extra);
      });
    const engine = await createEngine(shaped('sc'), { env });
    const shapeOf = async () =>
      (await engine.turn(ask('the same conversation'), { model: 'bench/agents' }).reply()).reply.extra!.bench as { shape: string; shape_by: string };
    try {
      expect(await shapeOf()).toMatchObject({ shape: 'code', shape_by: 'sc' });
      engine.reconfigure(shaped('sc', { m3: { provider: 'chat', model: 'up-3' } }));
      upstream.clearRequests();
      expect(await shapeOf()).toMatchObject({ shape: 'code', shape_by: 'sc' });
      expect(upstream.requestsFor('says-code')).toHaveLength(0); // the label was kept
      engine.reconfigure(shaped('sw'));
      expect(await shapeOf()).toMatchObject({ shape: 'writing', shape_by: 'sw' });
    } finally {
      await engine.close();
    }
  });
});
