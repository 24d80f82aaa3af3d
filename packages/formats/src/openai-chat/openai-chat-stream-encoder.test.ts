import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import type { StreamEvent } from '../neutral/stream-event';
import { encodeAll, fetchReturning } from './__fixtures__/sse-response';

const request: NeutralRequest = { model: 'bench/core', system: [], messages: [], stream: true, streamUsage: true, extra: {} };

const events: StreamEvent[] = [
  { type: 'start', id: 'chatcmpl-1', model: 'bench/core', created: 1764489600 },
  { type: 'reasoning-delta', text: 'Paris, ' },
  { type: 'reasoning-delta', text: 'so the weather tool.', signature: 'sig' },
  { type: 'text-delta', text: 'Checking ' },
  { type: 'text-delta', text: 'now.' },
  { type: 'tool-call-start', id: 'call_a', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_a', argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', id: 'call_a', argumentsDelta: '"Paris"}' },
  { type: 'tool-call-end', id: 'call_a' },
  { type: 'tool-call-start', id: 'call_b', name: 'get_time' },
  { type: 'tool-call-delta', id: 'call_b', argumentsDelta: '{"tz":"CET"}' },
  { type: 'tool-call-end', id: 'call_b' },
  {
    type: 'finish',
    reason: 'tool-calls',
    usage: { inputTokens: 120, outputTokens: 40, reasoningTokens: 12, cachedInputTokens: 100 },
    extra: { bench: { collection: 'core', reply: 'route', call: 'c-1' } },
  },
];

function openaiClient(body: string): OpenAI {
  return new OpenAI({ apiKey: 'test', baseURL: 'http://bench.invalid/v1', fetch: fetchReturning(body), maxRetries: 0 });
}

describe('OpenAI Chat stream encoder, read by the openai SDK', () => {
  it('accumulates to the text, reasoning, tool calls, usage, finish reason and bench that were meant', async () => {
    const stream = openaiClient(encodeAll(events, { request })).chat.completions.stream({
      model: 'bench/core',
      messages: [{ role: 'user', content: 'weather?' }],
      stream_options: { include_usage: true },
    });
    let reasoning = '';
    let last: Record<string, unknown> | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
      reasoning += delta?.reasoning_content ?? '';
      last = chunk as unknown as Record<string, unknown>;
    }
    const final = await stream.finalChatCompletion();
    const message = final.choices[0]!.message;
    expect(reasoning).toBe('Paris, so the weather tool.');
    expect(message.content).toBe('Checking now.');
    expect(message.tool_calls?.map((call) => (call.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments)] : []))).toEqual([
      ['call_a', 'get_weather', { city: 'Paris' }],
      ['call_b', 'get_time', { tz: 'CET' }],
    ]);
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 40,
      total_tokens: 160,
      prompt_tokens_details: { cached_tokens: 100 },
      completion_tokens_details: { reasoning_tokens: 12 },
    });
    expect(final.id).toBe('chatcmpl-1');
    expect(final.model).toBe('bench/core');
    expect(last?.bench).toEqual({ collection: 'core', reply: 'route', call: 'c-1' });
  });

  it('writes no usage chunk when the request did not ask, but still puts bench on the last chunk', async () => {
    const body = encodeAll(events, { request: { ...request, streamUsage: undefined } });
    const data = body.split('\n\n').filter(Boolean);
    expect(data.at(-1)).toBe('data: [DONE]');
    const last = JSON.parse(data.at(-2)!.slice(6)) as Record<string, unknown>;
    expect(last).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }], bench: { call: 'c-1' } });
    expect(body).not.toContain('"usage"');
    const chunks = [];
    for await (const chunk of await openaiClient(body).chat.completions.create({ model: 'm', messages: [], stream: true })) chunks.push(chunk);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('starts with a role chunk even when no start event came', () => {
    const body = encodeAll(
      [
        { type: 'text-delta', text: 'hi' },
        { type: 'finish', reason: 'stop' },
      ],
      { id: 'x1', model: 'm1' },
    );
    const first = JSON.parse(body.split('\n\n')[0]!.slice(6)) as Record<string, unknown>;
    expect(first).toMatchObject({ id: 'x1', model: 'm1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' } }] });
  });

  it('makes the SDK throw an APIError on an in-stream error', async () => {
    const body = encodeAll([
      { type: 'start', id: 'e1', model: 'm' },
      { type: 'text-delta', text: 'part' },
      { type: 'error', error: { kind: 'rate-limit', message: 'every member is rate limited' } },
    ]);
    const stream = await openaiClient(body).chat.completions.create({ model: 'm', messages: [], stream: true });
    const seen: string[] = [];
    const run = async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    };
    await expect(run()).rejects.toSatisfy((error: unknown) => error instanceof OpenAI.APIError && /every member is rate limited/.test(error.message));
    expect(seen.join('')).toBe('part');
    expect(body).not.toContain('[DONE]');
  });

  it('writes an error event at end() when the stream was cut, so the SDK throws', async () => {
    const body = encodeAll([{ type: 'start' }, { type: 'text-delta', text: 'half an ans' }]);
    const stream = await openaiClient(body).chat.completions.create({ model: 'm', messages: [], stream: true });
    const run = async () => {
      for await (const _ of stream) void _;
    };
    await expect(run()).rejects.toBeInstanceOf(OpenAI.APIError);
  });
});

describe('OpenAI Chat stream encoder, read by the AI SDK (@ai-sdk/openai chat)', () => {
  it('streamText sees the text, the tool calls with parsed input, usage and finish reason', async () => {
    const provider = createOpenAI({ apiKey: 'test', baseURL: 'http://bench.invalid/v1', fetch: fetchReturning(encodeAll(events, { request })) });
    const schema = jsonSchema<Record<string, string>>({ type: 'object', properties: {} });
    const result = streamText({
      model: provider.chat('bench/core'),
      prompt: 'weather?',
      tools: { get_weather: tool({ inputSchema: schema }), get_time: tool({ inputSchema: schema }) },
    });
    expect(await result.text).toBe('Checking now.');
    expect((await result.toolCalls).map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ['call_a', 'get_weather', { city: 'Paris' }],
      ['call_b', 'get_time', { tz: 'CET' }],
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens, usage.cachedInputTokens, usage.reasoningTokens]).toEqual([120, 40, 100, 12]);
  });

  it.each([
    ['before any output (the AI SDK throws it as an API call error)', []],
    ['after some text', [{ type: 'text-delta', text: 'Half' }]],
  ] as Array<[string, StreamEvent[]]>)('streamText reports an in-stream error %s', async (_, before) => {
    const body = encodeAll([{ type: 'start' }, ...before, { type: 'error', error: { kind: 'upstream', message: 'every seat failed' } }]);
    const provider = createOpenAI({ apiKey: 'test', baseURL: 'http://bench.invalid/v1', fetch: fetchReturning(body) });
    const result = streamText({ model: provider.chat('m'), prompt: 'x', maxRetries: 0, onError: () => {} });
    const errors: unknown[] = [];
    let text = '';
    for await (const part of result.fullStream) {
      if (part.type === 'error') errors.push(part.error);
      if (part.type === 'text-delta') text += part.text;
    }
    expect(text).toBe(before.length ? 'Half' : '');
    expect(errors).toHaveLength(1);
    const error = errors[0] as { message?: string };
    expect(`${error.message ?? ''} ${JSON.stringify(error)}`).toMatch(/every seat failed/);
  });
});
