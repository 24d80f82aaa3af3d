import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { errorMessageOf, minimalRequest, postJSON } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let alice: Sdks;
let root: Sdks;

beforeAll(async () => {
  t = await startKeyedGateway();
  alice = sdksFor(t.url, KEYS.alice);
  root = sdksFor(t.url, KEYS.root);
});
afterAll(() => t.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(t.url + path, { headers });
  return { status: response.status, json: (await response.json()) as any };
};

const ALICE_NAMES = ['bench/core', 'bench/core:merged', 'bench/core:route'];

describe('listings per key', () => {
  it('/v1/models: each collection the key may call, once per reply mode, then the model aliases (OpenAI SDK)', async () => {
    const ids: string[] = [];
    for await (const model of alice.openai.models.list()) ids.push(model.id);
    expect(ids).toEqual(ALICE_NAMES);
    const all: Array<Record<string, any>> = [];
    for await (const model of root.openai.models.list()) all.push(model as never);
    expect(all.map((model) => model.id)).toEqual([
      'bench/core',
      'bench/core:merged',
      'bench/core:route',
      'bench/agents',
      'bench/agents:all',
      'bench/agents:merged',
      'bench/mixed',
      'bench/mixed:all',
      'bench/mixed:merged',
      'bench/tiny',
      'bench/tiny:all',
      'bench/tiny:merged',
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
    ]);
    expect(all[0]).toMatchObject({ object: 'model', description: 'everyday questions', bench: { reply: 'all' } });
    expect(all.find((model) => model.id === 'bench/core:route')).toMatchObject({ bench: { reply: 'route' } });
    expect(all.map((model) => model.id)).not.toContain('claude-*');
  });

  it("/v1/models with anthropic-version answers in Anthropic's shape (Anthropic SDK)", async () => {
    const models: Array<Record<string, any>> = [];
    for await (const model of alice.anthropic.models.list()) models.push(model as never);
    expect(models.map((model) => model.id)).toEqual(ALICE_NAMES);
    expect(models[0]).toMatchObject({ type: 'model', display_name: expect.stringContaining('everyday questions'), created_at: expect.any(String) });
    const raw = await get('/v1/models', { 'x-api-key': KEYS.alice, 'anthropic-version': '2023-06-01' });
    expect(raw.json).toMatchObject({ has_more: false, first_id: 'bench/core', last_id: 'bench/core:route' });
  });

  it('/v1/models/{model}: one entry by name, an alias pattern under the name asked for (OpenAI and Anthropic SDKs)', async () => {
    expect(await alice.openai.models.retrieve('bench/core:merged')).toMatchObject({
      id: 'bench/core:merged',
      object: 'model',
      bench: { kind: 'collection', reply: 'merged' },
    });
    expect(await root.openai.models.retrieve('m2')).toMatchObject({ id: 'm2', object: 'model', bench: { kind: 'model', reply: 'route' } });
    // Claude Code asks for names of its own; `aliases` maps claude-* to bench/agents:route.
    expect(await root.anthropic.models.retrieve('claude-opus-4-8')).toMatchObject({ id: 'claude-opus-4-8', type: 'model', bench: { reply: 'route' } });
    await expect(alice.openai.models.retrieve('bench/agents')).rejects.toMatchObject({ status: 403 });
    await expect(alice.openai.models.retrieve('gpt-4o')).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/This key may call: bench\/core$/),
    });
    await expect(alice.openai.models.retrieve('bench/core:fastest')).rejects.toMatchObject({ status: 404 });
    const unkeyed = await get('/v1/models/bench%2Fcore');
    expect(unkeyed.status).toBe(401);
    expect((await get('/v1/models/%ZZ', { authorization: `Bearer ${KEYS.root}` })).status).toBe(404);
  });

  it('/v1beta/models: models/<collection>[:mode] (Gemini SDK), and one model by name', async () => {
    const names: string[] = [];
    for await (const model of await alice.gemini.models.list()) names.push(model.name!);
    expect(names).toEqual(['models/core', 'models/core:merged', 'models/core:route']);
    const rootNames: string[] = [];
    for await (const model of await root.gemini.models.list()) rootNames.push(model.name!);
    expect(rootNames).toContain('models/m1');
    const one = await alice.gemini.models.get({ model: 'core:merged' });
    expect(one).toMatchObject({ name: 'models/core:merged', description: expect.stringContaining('merged') });
    await expect(alice.gemini.models.get({ model: 'agents' })).rejects.toMatchObject({ status: 404 });
  });

  it('/api/tags, /api/show, /api/version, /api/ps (Ollama SDK)', async () => {
    const tags = await alice.ollama.list();
    expect(tags.models.map((model) => model.name)).toEqual(ALICE_NAMES);
    const shown = await root.ollama.show({ model: 'bench/agents' });
    expect(shown.capabilities).toEqual(expect.arrayContaining(['completion', 'tools', 'vision']));
    expect((shown.model_info as any)['bench.context_length']).toBe(100000);
    await expect(alice.ollama.show({ model: 'bench/agents' })).rejects.toMatchObject({ status_code: 404 });
    expect((await alice.ollama.show({ model: 'bench/core:latest' })).capabilities).toContain('completion');
    expect(await alice.ollama.ps()).toEqual({ models: [] });
    const version = await get('/api/version', { authorization: `Bearer ${KEYS.alice}` });
    expect(version).toEqual({ status: 200, json: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/) } });
  });
});

describe('a key limited to one collection calls only that one', () => {
  it.each(SDK_PROTOCOLS)('%s: its collection answers; another collection, a name alias of it, or a model alias is a 403', async (protocol) => {
    t.upstream.script('up-1', { answer: { text: 'core answers' } });
    const reply = await ask(alice, protocol, 'bench/core:route', 'hi', false);
    expect(reply.text).toBe('core answers');
    for (const model of ['bench/agents', 'claude-opus-4-8', 'm1']) {
      const { path, body } = minimalRequest(protocol, model, 'hi', false);
      const refused = await postJSON(t.url + path, body, { authorization: `Bearer ${KEYS.alice}` });
      expect(refused.status).toBe(403);
      expect(errorMessageOf(protocol, refused.json)).toContain('bench/core');
    }
  });

  it('bench.with cannot seat a model the key may not call (403, nothing sent to it)', async () => {
    t.upstream.clearRequests();
    const result = await postJSON(
      `${t.url}/v1/chat/completions`,
      { model: 'bench/core', bench: { with: ['m4'] }, messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer ${KEYS.alice}` },
    );
    expect(result.status).toBe(403);
    expect(errorMessageOf('openai-chat', result.json)).toMatch(/m4/);
    expect(t.upstream.requestsFor('up-4')).toHaveLength(0);
    const allowed = await postJSON(
      `${t.url}/v1/chat/completions`,
      { model: 'bench/core', bench: { with: ['m4'] }, messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer ${KEYS.root}` },
    );
    expect(allowed.status).toBe(200);
    expect(t.upstream.requestsFor('up-4')).toHaveLength(1);
  });

  it('an unknown name is a 404 that lists what the key may call', async () => {
    await expect(alice.openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/This key may call: bench\/core$/),
    });
  });
});
