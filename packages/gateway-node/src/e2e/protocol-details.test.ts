import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { sdksFor, sseData, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe('protocol details clients rely on', () => {
  it('Ollama streams by default when "stream" is absent (NDJSON, bench on the done line)', async () => {
    t.upstream.script('up-1', { answer: { text: ['nd', 'json'] } });
    const result = await postJSON(`${t.url}/api/chat`, { model: 'bench/agents', messages: [{ role: 'user', content: 'x' }] });
    expect(result.status).toBe(200);
    const lines = result.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((line) => line.message?.content ?? '').join('')).toBe('ndjson');
    expect(lines.at(-1)).toMatchObject({ done: true, bench: { reply: 'route' } });
  });

  it('OpenAI Chat stream_options.include_usage: the usage chunk comes, and bench is on the last chunk before [DONE]', async () => {
    t.upstream.script('up-1', { answer: { text: ['with ', 'usage'], usage: { inputTokens: 12, outputTokens: 2 } } });
    const stream = await sdks.openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: any[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.find((chunk) => chunk.usage)?.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 2 });
    expect(chunks.at(-1).bench).toMatchObject({ reply: 'route', alias: 'm1' });
    expect(chunks.filter((chunk) => chunk.bench)).toHaveLength(1);
  });

  it('OpenAI Chat: the raw stream ends with data: [DONE], bench on the chunk just before it', async () => {
    t.upstream.script('up-1', { answer: { text: 'done marker' } });
    const result = await postJSON(`${t.url}/v1/chat/completions`, { model: 'bench/core', stream: true, messages: [{ role: 'user', content: 'x' }] });
    const dataLines = result.text.split('\n').filter((line) => line.startsWith('data:'));
    expect(dataLines.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(dataLines.at(-2)!.slice(5))).toHaveProperty('bench.reply', 'all');
  });

  it('Anthropic: the event sequence is message_start … message_stop, bench only on message_stop', async () => {
    t.upstream.script('up-1', { answer: { text: ['a', 'b'] } });
    const result = await postJSON(`${t.url}/v1/messages`, { model: 'bench/agents', stream: true, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    const events = sseData(result.text) as Array<Record<string, any>>;
    expect(events[0]!.type).toBe('message_start');
    expect(events.at(-1)!.type).toBe('message_stop');
    expect(events.filter((event) => event.bench).map((event) => event.type)).toEqual(['message_stop']);
  });

  it('Responses: bench inside response.completed only; the usage is there too', async () => {
    t.upstream.script('up-1', { answer: { text: 'resp', usage: { inputTokens: 3, outputTokens: 1 } } });
    const result = await postJSON(`${t.url}/v1/responses`, { model: 'bench/agents', stream: true, input: 'x' });
    const events = sseData(result.text) as Array<Record<string, any>>;
    const completed = events.find((event) => event.type === 'response.completed')!;
    expect(completed.response).toMatchObject({ bench: { reply: 'route' }, usage: { input_tokens: 3, output_tokens: 1 }, status: 'completed' });
    expect(events.filter((event) => JSON.stringify(event).includes('"bench"'))).toHaveLength(1);
  });

  it('Gemini: bench only on the last chunk, which carries the finish reason', async () => {
    t.upstream.script('up-1', { answer: { text: ['g1', 'g2'] } });
    const result = await postJSON(`${t.url}/v1beta/models/agents:streamGenerateContent?alt=sse`, { contents: [{ role: 'user', parts: [{ text: 'x' }] }] });
    const events = sseData(result.text) as Array<Record<string, any>>;
    expect(events.at(-1)).toMatchObject({ bench: { reply: 'route' }, candidates: [{ finishReason: 'STOP' }] });
    expect(events.filter((event) => event.bench)).toHaveLength(1);
  });
});
