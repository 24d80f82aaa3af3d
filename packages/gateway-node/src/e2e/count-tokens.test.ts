import { faults } from '@bench/testkit';
import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      models: {
        ...base.models,
        r1: { provider: 'responses', model: 'up-r1', tools: true, vision: true },
        gpt: { provider: 'chat', model: 'gpt-4o-mini', tools: true, vision: true },
        llama: { provider: 'ollama', model: 'llama3.2', tools: true, vision: true },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const weather = { type: 'object', properties: { city: { type: 'string', description: 'the city' } }, required: ['city'] };

/** A Claude Code–like conversation: a system prompt, a tool, a tool call and its result, an image. */
const agentTurn = (model: string) => ({
  model,
  system: 'You are a careful assistant.',
  tools: [{ name: 'get_weather', description: 'Current weather for a city', input_schema: weather }],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is the weather in Paris? Here is a picture.' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      ],
    },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny, 21 °C' }] },
  ],
});

async function countAnthropic(body: Record<string, unknown>) {
  const result = await postJSON(`${t.url}/v1/messages/count_tokens?beta=true`, body, { 'anthropic-version': '2023-06-01' });
  expect(result.status, result.text).toBe(200);
  return { tokens: result.json.input_tokens as number, method: result.headers.get('x-bench-token-count'), model: result.headers.get('x-bench-model') };
}

describe('count_tokens asks the member its own API where it has one', () => {
  it('an Anthropic member counts the request as it would receive it: system, tools, tool call and result, image', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-4', { count: 4242 });
    const { data, response } = await sdks.anthropic.messages.countTokens(agentTurn('m4') as never).withResponse();
    expect(data.input_tokens).toBe(4242);
    expect(response.headers.get('x-bench-token-count')).toBe('upstream');
    expect(response.headers.get('x-bench-model')).toBe('m4');
    const sent = t.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages/count_tokens');
    expect(sent.headers['x-api-key']).toBe('upstream-secret');
    const body = sent.body as Record<string, any>;
    expect(body).toMatchObject({ model: 'up-4', system: 'You are a careful assistant.', tools: [{ name: 'get_weather' }] });
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('stream');
    expect(JSON.stringify(body.messages)).toContain('"type":"image"');
    expect(JSON.stringify(body.messages)).toContain('"type":"tool_result"');
  });

  it('a Gemini member gets countTokens with the whole generateContentRequest, through the Gemini SDK', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-5', { count: 777 });
    const counted = await sdks.gemini.models.countTokens({ model: 'm5', contents: 'how many tokens?' });
    expect(counted.totalTokens).toBe(777);
    const sent = t.upstream.requests.at(-1)!;
    expect(sent.path).toMatch(/\/models\/up-5:countTokens$/);
    expect(sent.body).toMatchObject({ generateContentRequest: { model: 'models/up-5', contents: [{ role: 'user', parts: [{ text: 'how many tokens?' }] }] } });
  });

  it('an Anthropic caller counting for a Gemini member: translated into Gemini, system and tools included', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-5', { count: 99 });
    expect(await countAnthropic(agentTurn('m5'))).toEqual({ tokens: 99, method: 'upstream', model: 'm5' });
    const inner = (t.upstream.requests.at(-1)!.body as Record<string, any>).generateContentRequest;
    expect(inner.systemInstruction).toEqual({ parts: [{ text: 'You are a careful assistant.' }] });
    expect(inner.tools[0].functionDeclarations[0]).toMatchObject({ name: 'get_weather' });
  });

  it("a Responses member gets OpenAI's input_tokens call with instructions, tools and input", async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-r1', { count: 321 });
    expect(await countAnthropic(agentTurn('r1'))).toEqual({ tokens: 321, method: 'upstream', model: 'r1' });
    const sent = t.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses/input_tokens');
    expect(sent.body).toMatchObject({ model: 'up-r1', instructions: 'You are a careful assistant.', tools: [{ type: 'function', name: 'get_weather' }] });
    expect(sent.body).not.toHaveProperty('stream');
    expect(sent.body).not.toHaveProperty('max_output_tokens');
  });

  it('a route collection counts for the member its next new conversation gets', async () => {
    t.upstream.script('up-4', { count: 55 });
    expect(await countAnthropic({ model: 'bench/mixed', messages: [{ role: 'user', content: 'hi' }] })).toEqual({
      tokens: 55,
      method: 'upstream',
      model: 'm4',
    });
  });
});

describe('without a count API, a real tokenizer for the member’s family; the estimate last, and said so', () => {
  it("an OpenAI Chat member with an OpenAI model is counted with OpenAI's tokenizer, exactly", async () => {
    t.upstream.clearRequests();
    const text = 'The quick brown fox jumps over the lazy dog.';
    const counted = await countAnthropic({ model: 'gpt', messages: [{ role: 'user', content: text }] });
    // One user message: its role and text, 3 tokens of message overhead and 3 priming the reply.
    expect(counted).toEqual({ tokens: o200kCount('user') + o200kCount(text) + 6, method: 'tokenizer', model: 'gpt' });
    expect(t.upstream.requests).toHaveLength(0);
  });

  it('tool definitions, tool results, images and the system prompt all count', async () => {
    const whole = (await countAnthropic(agentTurn('gpt'))).tokens;
    const turn = agentTurn('gpt');
    const without = async (change: (body: ReturnType<typeof agentTurn>) => Record<string, unknown>) =>
      (await countAnthropic(change(structuredClone(turn)))).tokens;
    expect(await without(({ tools: _tools, ...rest }) => rest)).toBeLessThan(whole);
    expect(await without(({ system: _system, ...rest }) => rest)).toBeLessThan(whole);
    expect(
      await without((body) => ({
        ...body,
        messages: [body.messages[0]!, body.messages[1]!, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '' }] }],
      })),
    ).toBeLessThan(whole);
    expect(
      await without((body) => ({
        ...body,
        messages: [{ role: 'user', content: 'What is the weather in Paris? Here is a picture.' }, ...body.messages.slice(1)],
      })),
    ).toBeLessThan(whole);
  });

  it('a member whose own count fails is counted with the estimate when no tokenizer knows its model, and the header says so', async () => {
    t.upstream.script('up-4', faults.serverError(500));
    expect(await countAnthropic(agentTurn('m4'))).toMatchObject({ method: 'estimate', model: 'm4', tokens: expect.any(Number) });
  });

  it('an Ollama member (no count API, no tokenizer for llama) gets the estimate, and the header says so', async () => {
    const counted = await sdks.gemini.models.countTokens({ model: 'llama', contents: 'count me' });
    expect(counted.totalTokens).toBeGreaterThan(0);
    const raw = await postJSON(`${t.url}/v1beta/models/llama:countTokens`, { contents: [{ role: 'user', parts: [{ text: 'count me' }] }] });
    expect(raw.headers.get('x-bench-token-count')).toBe('estimate');
  });
});
