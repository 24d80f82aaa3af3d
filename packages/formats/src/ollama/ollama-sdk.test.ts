import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ollama } from 'ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import type { NeutralReply } from '../neutral/reply';
import type { StreamEvent } from '../neutral/stream-event';
import { ollamaCodec } from './ollama-codec';

/** An Ollama client whose fetch answers with the given body, as the gateway would send it. */
function clientAnswering(body: string, init: { status?: number; contentType: string }): Ollama {
  return new Ollama({
    host: 'http://bench.invalid',
    fetch: async () => new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.contentType } }),
  });
}

function encode(events: StreamEvent[], endpoint: 'chat' | 'generate' = 'chat', end = true): string {
  const encoder = ollamaCodec.createStreamEncoder({ endpoint });
  return events.map((event) => encoder.encode(event)).join('') + (end ? encoder.end() : '');
}

const streamedTurn: StreamEvent[] = [
  { type: 'start', model: 'bench/core', created: 1_790_000_000 },
  { type: 'reasoning-delta', text: 'Paris, ' },
  { type: 'reasoning-delta', text: 'so look it up.' },
  { type: 'text-delta', text: 'Checking ' },
  { type: 'text-delta', text: 'now.' },
  { type: 'tool-call-start', id: 'call_a', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_a', argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', id: 'call_a', argumentsDelta: '"Paris"}' },
  { type: 'tool-call-end', id: 'call_a' },
  { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 12, outputTokens: 34 }, extra: { bench: { call: 'c1' } } },
];

describe('the ollama npm client reads what we format', () => {
  it('accumulates a streamed chat: content, thinking, tool calls with object arguments, done_reason, counts', async () => {
    const client = clientAnswering(encode(streamedTurn), { contentType: ollamaCodec.streamContentType });
    const stream = await client.chat({ model: 'bench/core', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let content = '';
    let thinking = '';
    const toolCalls: unknown[] = [];
    let last: Record<string, unknown> | undefined;
    for await (const part of stream) {
      content += part.message.content;
      thinking += part.message.thinking ?? '';
      toolCalls.push(...(part.message.tool_calls ?? []));
      last = part as unknown as Record<string, unknown>;
    }
    expect(content).toBe('Checking now.');
    expect(thinking).toBe('Paris, so look it up.');
    expect(toolCalls).toEqual([{ id: 'call_a', function: { index: 0, name: 'get_weather', arguments: { city: 'Paris' } } }]);
    expect(last).toMatchObject({ done: true, done_reason: 'stop', prompt_eval_count: 12, eval_count: 34, bench: { call: 'c1' }, model: 'bench/core' });
  });

  it('reads a whole chat reply', async () => {
    const reply: NeutralReply = {
      id: 'r1',
      model: 'bench/core',
      created: 1_790_000_000,
      content: [
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', id: 'call_b', name: 'f', arguments: '{"x":[1,2]}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 5, outputTokens: 6 },
      extra: { bench: { panel: 'p' } },
    };
    const { value } = ollamaCodec.formatReply(reply);
    const client = clientAnswering(JSON.stringify(value), { contentType: 'application/json' });
    const response = await client.chat({ model: 'bench/core', messages: [], stream: false });
    expect(response.message).toEqual({
      role: 'assistant',
      content: 'Hello',
      thinking: 'think',
      tool_calls: [{ id: 'call_b', function: { index: 0, name: 'f', arguments: { x: [1, 2] } } }],
    });
    expect(response).toMatchObject({ done: true, done_reason: 'stop', prompt_eval_count: 5, eval_count: 6, created_at: '2026-09-21T14:13:20.000Z' });
    expect((response as unknown as { bench: unknown }).bench).toEqual({ panel: 'p' });
  });

  it('reads a streamed and a whole generate reply', async () => {
    const events: StreamEvent[] = [
      { type: 'start', model: 'm' },
      { type: 'reasoning-delta', text: 'r' },
      { type: 'text-delta', text: 'The sky ' },
      { type: 'text-delta', text: 'is blue.' },
      { type: 'finish', reason: 'length', usage: { inputTokens: 1, outputTokens: 2 }, extra: { context: [7, 8] } },
    ];
    const stream = await clientAnswering(encode(events, 'generate'), { contentType: ollamaCodec.streamContentType }).generate({
      model: 'm',
      prompt: 'why?',
      stream: true,
    });
    let response = '';
    let thinking = '';
    let done: unknown;
    for await (const part of stream) {
      response += part.response ?? '';
      thinking += part.thinking ?? '';
      if (part.done) done = part;
    }
    expect({ response, thinking }).toEqual({ response: 'The sky is blue.', thinking: 'r' });
    expect(done).toMatchObject({ done_reason: 'length', context: [7, 8], eval_count: 2 });

    const { value } = ollamaCodec.formatReply({ id: 'x', model: 'm', content: [{ type: 'text', text: 'ok' }], finishReason: 'stop' }, { endpoint: 'generate' });
    const whole = await clientAnswering(JSON.stringify(value), { contentType: 'application/json' }).generate({ model: 'm', prompt: 'p' });
    expect(whole).toMatchObject({ response: 'ok', done: true, done_reason: 'stop' });
  });

  it('throws on an in-stream error line, and on a stream cut before done', async () => {
    const failed = encode([
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: { kind: 'upstream', message: 'seat m1 failed: 502' } },
    ]);
    const consume = async (body: string) => {
      const stream = await clientAnswering(body, { contentType: ollamaCodec.streamContentType }).chat({ model: 'm', messages: [], stream: true });
      for await (const part of stream) void part;
    };
    await expect(consume(failed)).rejects.toThrow('seat m1 failed: 502');
    await expect(consume(encode([{ type: 'text-delta', text: 'a' }]))).rejects.toThrow(/ended before/);
  });

  it('throws a ResponseError with our status and message for an error body', async () => {
    const { status, body } = ollamaCodec.formatError({ kind: 'not-found', message: 'model "x" not found, try bench/core' });
    expect(status).toBe(404);
    const client = clientAnswering(JSON.stringify(body), { status, contentType: 'application/json' });
    await expect(client.chat({ model: 'x', messages: [] })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: 'model "x" not found, try bench/core',
    });
  });
});

describe('what the ollama npm client sends, captured on a socket, parses', () => {
  let server: Server;
  let host = '';
  const captured: Array<{ url: string; body: unknown }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        captured.push({ url: req.url ?? '', body: JSON.parse(text) as unknown });
        const endpoint = req.url === '/api/generate' ? 'generate' : 'chat';
        const { value } = ollamaCodec.formatReply({ id: 'r', model: 'm', content: [{ type: 'text', text: 'ok' }], finishReason: 'stop' }, { endpoint });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a chat with tools, images (bytes and base64), thinking, a tool call and its result', async () => {
    const client = new Ollama({ host });
    const png = Uint8Array.from(atob(TINY_PNG_BASE64), (c) => c.charCodeAt(0));
    const reply = await client.chat({
      model: 'bench/agents:route',
      messages: [
        { role: 'system', content: 'Be careful.' },
        { role: 'user', content: 'Weather here?', images: [png] },
        { role: 'assistant', content: '', thinking: 'Need the tool.', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
        { role: 'tool', content: '18C', tool_name: 'get_weather' },
        { role: 'user', content: 'And this one?', images: [TINY_PNG_BASE64] },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
      ],
      think: 'low',
      format: 'json',
      options: { temperature: 0.1, num_predict: 64, num_ctx: 4096 },
      keep_alive: '10m',
    });
    expect(reply.message.content).toBe('ok');
    const sent = captured.at(-1);
    expect(sent?.url).toBe('/api/chat');
    const parsed = ollamaCodec.parseRequest(sent?.body);
    const image = { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } };
    expect(parsed).toEqual({
      origin: 'ollama',
      model: 'bench/agents:route',
      system: [{ type: 'text', text: 'Be careful.' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather here?' }, image] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Need the tool.' },
            { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', extra: { $generatedId: true } },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', callId: 'call_1', name: 'get_weather', content: [{ type: 'text', text: '18C' }], extra: { $noCallId: true } }],
        },
        { role: 'user', content: [{ type: 'text', text: 'And this one?' }, image] },
      ],
      tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
      responseFormat: { type: 'json' },
      reasoning: { enabled: true, effort: 'low' },
      temperature: 0.1,
      maxOutputTokens: 64,
      // The client always sends stream (false when not asked).
      stream: false,
      extra: { keep_alive: '10m', options: { num_ctx: 4096 } },
    });
    expect(ollamaCodec.formatRequest(parsed).body).toEqual(sent?.body);
  });

  it('a generate with system, images and a JSON schema format', async () => {
    const client = new Ollama({ host });
    await client.generate({ model: 'm', prompt: 'Describe.', system: 'Short.', images: [TINY_PNG_BASE64], format: { type: 'object' }, suffix: '!' });
    const sent = captured.at(-1);
    expect(sent?.url).toBe('/api/generate');
    const parsed = ollamaCodec.parseRequest(sent?.body, { endpoint: 'generate' });
    expect(parsed).toMatchObject({
      system: [{ type: 'text', text: 'Short.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe.' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png' } },
          ],
        },
      ],
      responseFormat: { type: 'json-schema', schema: { type: 'object' } },
      stream: false,
      extra: { suffix: '!', $endpoint: 'generate' },
    });
  });
});
