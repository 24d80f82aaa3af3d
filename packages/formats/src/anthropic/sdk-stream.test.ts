import { readFileSync } from 'node:fs';
import { createAnthropic } from '@ai-sdk/anthropic';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { anthropicCodec } from './anthropic-codec';
import { sdkAnswering } from './sdk-harness';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const events: StreamEvent[] = [
  { type: 'start', id: 'msg_s1', model: 'claude-test' },
  { type: 'reasoning-delta', text: 'Let me ' },
  { type: 'reasoning-delta', text: 'think.' },
  { type: 'reasoning-delta', text: '', signature: 'sig-xyz' },
  { type: 'text-delta', text: 'Hello' },
  { type: 'text-delta', text: ', world.' },
  { type: 'tool-call-start', id: 'toolu_9', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'toolu_9', argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', id: 'toolu_9', argumentsDelta: '"Paris"}' },
  { type: 'tool-call-end', id: 'toolu_9' },
  {
    type: 'finish',
    reason: 'tool-calls',
    rawReason: 'tool_use',
    usage: { inputTokens: 50, outputTokens: 20, cachedInputTokens: 40 },
    extra: { bench: { call: 'c1' } },
  },
];

function encode(list: StreamEvent[], withEnd = true): string {
  const encoder = anthropicCodec.createStreamEncoder();
  let out = '';
  for (const event of list) out += encoder.encode(event);
  if (withEnd) out += encoder.end();
  return out;
}

const params = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('createStreamEncoder, read by the official SDKs', () => {
  it('@anthropic-ai/sdk messages.stream().finalMessage() accumulates text, signed thinking, parsed tool input, usage and stop_reason', async () => {
    const message = await sdkAnswering(encode(events), 'text/event-stream').messages.stream(params).finalMessage();
    expect(message.id).toBe('msg_s1');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig-xyz' },
      { type: 'text', text: 'Hello, world.' },
      { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 20, cache_read_input_tokens: 40 });
  });

  it('@anthropic-ai/sdk and the Vercel AI SDK read the stop sequence that ended the stream', async () => {
    const body = encode([
      { type: 'start', id: 'msg_s2', model: 'claude-test' },
      { type: 'text-delta', text: 'one, two, ' },
      { type: 'finish', reason: 'stop', stopSequence: 'three' },
    ]);
    const message = await sdkAnswering(body, 'text/event-stream')
      .messages.stream({ ...params, stop_sequences: ['three'] })
      .finalMessage();
    expect([message.stop_reason, message.stop_sequence]).toEqual(['stop_sequence', 'three']);
    const anthropic = createAnthropic({
      apiKey: 'k',
      baseURL: 'http://bench.test/v1',
      fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const result = streamText({ model: anthropic('claude-test'), prompt: 'hi', maxOutputTokens: 100, stopSequences: ['three'] });
    expect(await result.text).toBe('one, two, ');
    expect((await result.providerMetadata)?.anthropic?.stopSequence).toBe('three');
  });

  it('@anthropic-ai/sdk messages.create({stream: true}) yields every event, bench on message_stop', async () => {
    const stream = await sdkAnswering(encode(events), 'text/event-stream').messages.create({ ...params, stream: true });
    const types: string[] = [];
    let last: unknown;
    for await (const event of stream) {
      types.push(event.type);
      last = event;
    }
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(last).toEqual({ type: 'message_stop', bench: { call: 'c1' } });
  });

  it('an error event makes the SDK throw, with its type and message', async () => {
    const body = encode([
      { type: 'start' },
      { type: 'text-delta', text: 'par' },
      { type: 'error', error: { kind: 'overloaded', message: 'every member is busy' } },
    ]);
    const error = await sdkAnswering(body, 'text/event-stream')
      .messages.stream(params)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain('every member is busy');
    expect((error as { type?: string }).type).toBe('overloaded_error');
  });

  it('a stream that ends without finish becomes an error the SDK throws, never a finished answer', async () => {
    const body = encode([{ type: 'start' }, { type: 'text-delta', text: 'half' }]);
    expect(body).toContain('event: error\n');
    await expect(sdkAnswering(body, 'text/event-stream').messages.stream(params).finalMessage()).rejects.toThrow(/ended before/);
  });

  it('writes message_start before the first delta when no start came, with the options’ id and model', () => {
    const encoder = anthropicCodec.createStreamEncoder({ id: 'msg_opt', model: 'opt-model' });
    const out = encoder.encode({ type: 'text-delta', text: 'x' });
    expect(
      out.startsWith('event: message_start\ndata: {"type":"message_start","message":{"id":"msg_opt","type":"message","role":"assistant","model":"opt-model"'),
    ).toBe(true);
  });

  it('the Vercel AI SDK streamText gets text, reasoning, the tool call, usage and finish reason', async () => {
    const body = encode(events);
    const anthropic = createAnthropic({
      apiKey: 'k',
      baseURL: 'http://bench.test/v1',
      fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const result = streamText({ model: anthropic('claude-test'), prompt: 'hi', maxOutputTokens: 100 });
    expect(await result.text).toBe('Hello, world.');
    expect(await result.reasoningText).toBe('Let me think.');
    expect((await result.toolCalls).map((call) => [call.toolName, call.input])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(await result.finishReason).toBe('tool-calls');
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens]).toEqual([50, 20]);
  });

  it('an Anthropic upstream stream, decoded and encoded again, reads in the SDK as the original does', async () => {
    const original = readFileSync(new URL('./__fixtures__/stream-thinking-text-tool.sse', import.meta.url), 'utf8');
    const decoder = anthropicCodec.createStreamDecoder();
    const again = encode([...decoder.push(original), ...decoder.end()]);
    const direct = await sdkAnswering(original, 'text/event-stream').messages.stream(params).finalMessage();
    const relayed = await sdkAnswering(again, 'text/event-stream').messages.stream(params).finalMessage();
    const pick = (m: typeof direct) => ({
      id: m.id,
      model: m.model,
      content: m.content,
      stop_reason: m.stop_reason,
      stop_sequence: m.stop_sequence,
      usage: [m.usage.input_tokens, m.usage.output_tokens, m.usage.cache_read_input_tokens, m.usage.cache_creation_input_tokens, m.usage.output_tokens_details],
    });
    expect(pick(relayed)).toEqual(pick(direct));
    expect(direct.content).toHaveLength(3);
  });
});
