import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { useTestGateway } from './test-gateway';

// OpenAI's Responses API keeps a conversation server-side: a request names `previous_response_id` and sends only what
// is new. The gateway keeps it too, whichever member answers (here an OpenAI Chat one, which has no such thing).
const { t, sdks } = useTestGateway();
const lastMessages = () => (t().upstream.requestsFor('up-1').at(-1)!.body as { messages: Array<{ role: string; content: unknown }> }).messages;
const said = (messages: Array<{ role: string; content: unknown }>) =>
  messages.map((message) => `${message.role}: ${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}`);

describe('previous_response_id (Responses API)', () => {
  it('continues a conversation: the member gets what came before, without the earlier instructions', async () => {
    t().upstream.script('up-1', { answer: { text: 'Hello Ada.' } });
    const first = await sdks().openai.responses.create({ model: 'bench/agents', instructions: 'Be brief.', input: 'My name is Ada.' });
    t().upstream.script('up-1', { answer: { text: 'You are Ada.' } });
    const second = await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: first.id, input: 'What is my name?' });
    expect(second.output_text).toBe('You are Ada.');
    expect(said(lastMessages())).toEqual(['user: My name is Ada.', 'assistant: Hello Ada.', 'user: What is my name?']);
    expect((second as unknown as { bench: { turn: number } }).bench.turn).toBe(2); // one conversation, its second turn

    t().upstream.script('up-1', { answer: { text: 'Still Ada.' } });
    await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: second.id, input: 'And now?' });
    expect(said(lastMessages())).toEqual([
      'user: My name is Ada.',
      'assistant: Hello Ada.',
      'user: What is my name?',
      'assistant: You are Ada.',
      'user: And now?',
    ]);
  });

  it('continues a streamed response by the id its stream gave', async () => {
    t().upstream.script('up-1', { answer: { text: 'Streamed hello.' } });
    const stream = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Stream to me.', stream: true });
    let id = '';
    for await (const event of stream) if (event.type === 'response.completed') id = event.response.id;
    t().upstream.script('up-1', { answer: { text: 'ok' } });
    await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: id, input: 'Again.' });
    expect(said(lastMessages())).toEqual(['user: Stream to me.', 'assistant: Streamed hello.', 'user: Again.']);
  });

  it('carries a tool call into the next turn, which sends only its output (the Agents SDK’s way)', async () => {
    t().upstream.script('up-1', { answer: { toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }] } });
    const tools = [{ type: 'function' as const, name: 'read', parameters: { type: 'object', properties: { path: { type: 'string' } } }, strict: false }];
    const first = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Read a.txt.', tools });
    const call = first.output.find((item) => item.type === 'function_call') as { call_id: string };
    t().upstream.script('up-1', { answer: { text: 'It says hi.' } });
    await sdks().openai.responses.create({
      model: 'bench/agents',
      previous_response_id: first.id,
      tools,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'hi' }],
    });
    const messages = lastMessages() as Array<Record<string, any>>;
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[1]!.tool_calls[0]).toMatchObject({ id: call.call_id, function: { name: 'read', arguments: '{"path":"a.txt"}' } });
    expect(messages[2]).toMatchObject({ tool_call_id: call.call_id, content: 'hi' });
  });

  it('continues from a merged panel’s answer, streamed or not, in a route turn', async () => {
    for (const stream of [false, true]) {
      for (const upstream of ['up-1', 'up-2', 'up-3']) t().upstream.script(upstream, { answer: { text: `${upstream} thinks Paris.` } });
      let id = '';
      if (stream) {
        const events = await sdks().openai.responses.create({ model: 'bench/core:merged', input: 'Capital of France?', stream: true });
        for await (const event of events) if (event.type === 'response.completed') id = event.response.id;
      } else id = (await sdks().openai.responses.create({ model: 'bench/core:merged', input: 'Capital of France?' })).id;
      t().upstream.script('up-1', { answer: { text: 'Yes.' } });
      await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: id, input: 'Sure?' });
      const messages = said(lastMessages());
      expect(messages[0]).toBe('user: Capital of France?');
      expect(messages[1]).toMatch(/^assistant: .*Paris/s);
      expect(messages[2]).toBe('user: Sure?');
    }
  });

  it('answers an id it does not have, one whose request said store: false, or one that is no id, with a 400 naming the field', async () => {
    t().upstream.script('up-1', { answer: { text: 'not kept' } });
    const unkept = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Do not keep this.', store: false });
    for (const id of ['resp_nowhere', unkept.id]) {
      const refused = sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: id, input: 'go on' });
      await expect(refused).rejects.toMatchObject({
        status: 400,
        param: 'previous_response_id',
        message: expect.stringContaining('send the whole conversation in input'),
      });
    }
    for (const [id, said] of [
      [42, 'expected the id'],
      [['resp_a'], 'expected the id'],
      ['', 'expected the id'],
      ['r'.repeat(100_000), '100000 characters'],
    ] as const) {
      const refused = sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: id as string, input: 'go on' });
      await expect(refused).rejects.toMatchObject({ status: 400, param: 'previous_response_id', message: expect.stringContaining(said) });
    }
    const health = await fetch(`${t().url}/bench/health`);
    expect(health.status).toBe(200);
  });
});

describe('conversation (OpenAI’s Conversations API)', () => {
  it('is refused naming the field: bench keeps no Conversations, and a member would get the turn without its items', async () => {
    t().upstream.clearRequests();
    for (const conversation of ['conv_123', { id: 'conv_123' }]) {
      const refused = sdks().openai.responses.create({ model: 'bench/agents', conversation, input: 'go on' } as never);
      await expect(refused).rejects.toMatchObject({ status: 400, param: 'conversation', message: expect.stringContaining('previous_response_id') });
    }
    expect(t().upstream.requests).toHaveLength(0);
  });
});

describe('previous_response_id with keys', () => {
  it('is the key’s own: another key gets a response it did not make as not found', async () => {
    const keyed = await startKeyedGateway();
    try {
      const as = (key: string) => new OpenAI({ apiKey: key, baseURL: `${keyed.url}/v1`, maxRetries: 0 });
      keyed.upstream.script('up-1', { answer: { text: 'Secret noted.' } });
      const first = await as(KEYS.alice).responses.create({ model: 'bench/core:route', input: 'My secret is 42.' });
      keyed.upstream.script('up-1', { answer: { text: 'ok' } });
      await expect(
        as(KEYS.root).responses.create({ model: 'bench/core:route', previous_response_id: first.id, input: 'What is the secret?' }),
      ).rejects.toMatchObject({ status: 400, param: 'previous_response_id' });
      await as(KEYS.alice).responses.create({ model: 'bench/core:route', previous_response_id: first.id, input: 'What is my secret?' });
      expect(JSON.stringify(keyed.upstream.requestsFor('up-1').at(-1)?.body)).toContain('My secret is 42.');
    } finally {
      await keyed.close();
    }
  });
});
