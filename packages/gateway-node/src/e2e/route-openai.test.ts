import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let openai: OpenAI;

beforeAll(async () => {
  t = await startTestGateway({
    scripts: {
      'up-1': { answer: { text: ['Hello', ' from', ' one'], usage: { inputTokens: 10, outputTokens: 3 } } },
      'up-2': { answer: { text: 'two' } },
    },
  });
  openai = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
afterAll(() => t.close());

describe('route mode, OpenAI Chat in and out', () => {
  it('answers a non-streamed request with the member that answered as the model, and a bench object', async () => {
    const { data: completion, response } = await openai.chat.completions
      .create({ model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(completion.choices[0]!.message.content).toBe('Hello from one');
    expect(completion.model).toBe('m1');
    expect(completion.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 3 });
    const bench = (completion as unknown as { bench: Record<string, unknown> }).bench;
    expect(bench).toMatchObject({ collection: 'agents', reply: 'route', alias: 'm1', turn: 1 });
    expect(response.headers.get('x-bench-model')).toBe('m1');
    expect(response.headers.get('x-bench-conversation')).toBe(bench.conversation);
    expect(t.upstream.requestsFor('up-1').at(-1)!.headers.authorization).toBe('Bearer upstream-secret');
  });

  it('streams, with bench on the last chunk before [DONE]', async () => {
    const stream = await openai.chat.completions.create({
      model: 'claude-opus-4-8',
      messages: [{ role: 'user', content: 'stream please' }],
      stream: true,
    });
    let text = '';
    let last: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      last = chunk;
    }
    expect(text).toBe('Hello from one');
    expect((last as { bench?: { reply: string; alias: string } }).bench).toMatchObject({ reply: 'route', alias: 'm1' });
  });

  it('records the call in the ledger under its call id', async () => {
    const completion = await openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'ledger?' }] });
    const call = (completion as unknown as { bench: { call: string } }).bench.call;
    await t.gateway.ledger.flush();
    const record = await t.gateway.ledger.getCall(call);
    expect(record).toMatchObject({ alias: 'm1', purpose: 'route', collection: 'agents', status: 'ok', inputTokens: 10, outputTokens: 3 });
    expect(record!.cost).toBeCloseTo((10 * 1 + 3 * 2) / 1e6, 12);
  });
});
