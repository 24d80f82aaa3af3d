import { faults, redisServerAvailable, startRedisServer, type RedisService } from '@bench/testkit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdksFor } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

const haveRedis = redisServerAvailable();

let redis: RedisService;
let a: TestGateway;
let b: TestGateway;

const replica = () =>
  startTestGateway({
    config: (base) => ({
      ...base,
      state: redis.url,
      shapes: ['code', 'writing'],
      models: { ...base.models, labeller: { provider: 'chat', model: 'up-shaper' } },
      collections: {
        ...base.collections,
        agents: { members: ['m1', 'm2', 'm3'], reply: 'route', order: 'listed' },
        gems: { members: ['m5'], reply: 'route' },
        pair: { members: ['m4', 'm5'], reply: 'route', order: 'listed' },
        labelled: { members: ['m1', 'm2'], reply: 'route', shaper: 'labeller' },
      },
    }),
  });

describe.skipIf(!haveRedis)('two replicas sharing a Redis state store', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = await Promise.all([replica(), replica()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.stop();
  });

  it('a conversation continues on the other replica with its member and its turn count', async () => {
    a.upstream.script('up-1', faults.serverError(500));
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [{ role: 'user', content: 'across replicas' }];
    const first = (await sdksFor(a.url).openai.chat.completions.create({ model: 'bench/agents', messages: history })) as any;
    expect(first.bench).toMatchObject({ alias: 'm2', turn: 1 });
    history.push({ role: 'assistant', content: first.choices[0].message.content }, { role: 'user', content: 'go on' });
    const second = (await sdksFor(b.url).openai.chat.completions.create({ model: 'bench/agents', messages: history })) as any;
    expect(second.bench).toMatchObject({ alias: 'm2', turn: 2, conversation: first.bench.conversation });
    expect(b.upstream.requestsFor('up-1')).toHaveLength(0);
  });

  it('the replica that did not serve the turn counts a conversation with the member it is on', async () => {
    a.upstream.script('up-4', faults.serverError(500));
    const opening = { role: 'user' as const, content: 'count me on the other replica' };
    const { data, response } = await sdksFor(a.url)
      .anthropic.messages.create({ model: 'bench/pair', max_tokens: 64, messages: [opening] })
      .withResponse();
    expect(response.headers.get('x-bench-model')).toBe('m5');
    b.upstream.script('up-4', { count: 400 });
    b.upstream.script('up-5', { count: 500 });
    const text = data.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const messages = [opening, { role: 'assistant' as const, content: text }, { role: 'user' as const, content: 'and now?' }];
    // As if the conversation had been idle for most of its hour: a count must not restart its expiry.
    const store = new Redis(redis.port, '127.0.0.1');
    const key = `bench:conversation:${response.headers.get('x-bench-conversation')}`;
    expect(await store.pexpire(key, 100_000)).toBe(1);
    const counted = await sdksFor(b.url).anthropic.messages.countTokens({ model: 'bench/pair', messages }).withResponse();
    expect(counted.data.input_tokens).toBe(500);
    expect(counted.response.headers.get('x-bench-model')).toBe('m5');
    expect(b.upstream.requestsFor('up-5').map((request) => request.path)).toEqual(['/v1beta/models/up-5:countTokens']);
    expect(await store.pttl(key)).toBeLessThanOrEqual(100_000);
    await store.quit();
  });

  it("a conversation keeps its shaper's label on the other replica, which does not ask its shaper again", async () => {
    a.upstream.script('up-shaper', { answer: { text: 'code' } });
    b.upstream.script('up-shaper', { answer: { text: 'writing' } }); // what b's shaper would say, were it asked
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [{ role: 'user', content: 'fix this bug across replicas' }];
    const first = (await sdksFor(a.url).openai.chat.completions.create({ model: 'bench/labelled', messages: history })) as any;
    expect(first.bench).toMatchObject({ shape: 'code', shape_by: 'labeller' });
    history.push({ role: 'assistant', content: first.choices[0].message.content }, { role: 'user', content: 'and the next one' });
    const second = (await sdksFor(b.url).openai.chat.completions.create({ model: 'bench/labelled', messages: history })) as any;
    expect(second.bench).toMatchObject({ shape: 'code', shape_by: 'labeller', conversation: first.bench.conversation, turn: 2 });
    expect(b.upstream.requestsFor('up-shaper')).toHaveLength(0);
    expect(a.upstream.requestsFor('up-shaper')).toHaveLength(1);
  });

  it('the reasoning kept for an OpenAI Chat caller on one replica goes back to the member from the other', async () => {
    a.upstream.script('up-5', {
      answer: { reasoning: 'Look first.', reasoningSignature: 'gem-sig-r', toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }] },
    });
    const tools = [{ type: 'function' as const, function: { name: 'read', parameters: { type: 'object' } } }];
    const headers = { 'x-session-affinity': 'replicas-held' };
    const user = { role: 'user' as const, content: 'read a.txt' };
    const first = await sdksFor(a.url).openai.chat.completions.create({ model: 'bench/gems', tools, messages: [user] }, { headers });
    const message = first.choices[0]!.message;
    const callId = message.tool_calls![0]!.id;
    await sdksFor(b.url).openai.chat.completions.create(
      {
        model: 'bench/gems',
        tools,
        messages: [
          user,
          { role: 'assistant', content: message.content, tool_calls: message.tool_calls },
          { role: 'tool', tool_call_id: callId, content: 'hi' },
        ],
      },
      { headers },
    );
    const sent = JSON.stringify(b.upstream.requestsFor('up-5').at(-1)?.body);
    expect(sent).toContain('"thoughtSignature":"gem-sig-r"');
  });

  it('a Responses conversation kept on one replica continues on the other (previous_response_id)', async () => {
    a.upstream.script('up-1', { answer: { text: 'Noted, Ada.' } });
    const first = await sdksFor(a.url).openai.responses.create({ model: 'bench/agents', input: 'My name is Ada.' });
    await sdksFor(b.url).openai.responses.create({ model: 'bench/agents', previous_response_id: first.id, input: 'Who am I?' });
    const messages = (b.upstream.requestsFor('up-1').at(-1)!.body as { messages: Array<{ role: string; content: unknown }> }).messages;
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'My name is Ada.'],
      ['assistant', 'Noted, Ada.'],
      ['user', 'Who am I?'],
    ]);
  });

  it('a response kept on one replica is read back on the other, and deleted there for both', async () => {
    a.upstream.script('up-1', { answer: { text: 'Kept on a.', usage: { inputTokens: 9, outputTokens: 3 } } });
    const created = await sdksFor(a.url).openai.responses.create({ model: 'bench/agents', instructions: 'Be brief.', input: 'Keep this.' });
    const read = await sdksFor(b.url).openai.responses.retrieve(created.id);
    expect(read).toMatchObject({ id: created.id, output_text: 'Kept on a.', instructions: 'Be brief.', model: created.model, usage: created.usage });
    expect(read.output).toEqual(created.output);
    await sdksFor(b.url).openai.responses.delete(created.id);
    await expect(sdksFor(a.url).openai.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('health reports the shared store reachable', async () => {
    const health = await fetch(`${b.url}/bench/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', state: { ok: true } });
  });
});
