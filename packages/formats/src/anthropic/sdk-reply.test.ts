import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import type { NeutralReply } from '../neutral/reply';
import { anthropicCodec } from './anthropic-codec';
import { sdkAnswering } from './sdk-harness';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const reply: NeutralReply = {
  id: 'msg_1',
  model: 'claude-test',
  content: [
    { type: 'reasoning', text: 'Think first.', signature: 'sig-1', signatureFrom: 'anthropic' },
    { type: 'text', text: 'Checking.' },
    { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
  ],
  finishReason: 'tool-calls',
  rawFinishReason: 'tool_use',
  usage: { inputTokens: 120, outputTokens: 30, reasoningTokens: 10, cachedInputTokens: 100, cacheWriteTokens: 5 },
  extra: { bench: { collection: 'agents', reply: 'route' } },
};

const params = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('formatReply, read by the official SDKs', () => {
  it('@anthropic-ai/sdk messages.create gets text, signed thinking, parsed tool input, usage, stop_reason and bench', async () => {
    const { value, warnings } = anthropicCodec.formatReply(reply);
    expect(warnings).toEqual([]);
    const message = await sdkAnswering(JSON.stringify(value), 'application/json').messages.create(params);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Think first.', signature: 'sig-1' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({
      input_tokens: 15,
      output_tokens: 30,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 5,
      output_tokens_details: { thinking_tokens: 10 },
    });
    expect((message as unknown as { bench: unknown }).bench).toEqual({ collection: 'agents', reply: 'route' });
  });

  it('parseReply reads it back to the same neutral reply', () => {
    expect(anthropicCodec.parseReply(anthropicCodec.formatReply(reply).value)).toEqual(reply);
  });

  it('the Vercel AI SDK generateText gets the same', async () => {
    const { value } = anthropicCodec.formatReply({ ...reply, content: [...reply.content.slice(0, 2)], finishReason: 'stop', rawFinishReason: 'end_turn' });
    const anthropic = createAnthropic({
      apiKey: 'k',
      baseURL: 'http://bench.test/v1',
      fetch: async () => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
    });
    const result = await generateText({ model: anthropic('claude-test'), prompt: 'hi', maxOutputTokens: 100 });
    expect(result.text).toBe('Checking.');
    expect(result.reasoningText).toBe('Think first.');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBe(120);
    expect(result.usage.outputTokens).toBe(30);
  });

  it('a reply without usage still reads in the Vercel AI SDK (input_tokens is required there)', async () => {
    const { value } = anthropicCodec.formatReply({ id: 'm', model: 'x', content: [{ type: 'text', text: 'plain' }], finishReason: 'length' });
    expect(value.usage).toEqual({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: null, cache_read_input_tokens: null });
    const anthropic = createAnthropic({
      apiKey: 'k',
      baseURL: 'http://bench.test/v1',
      fetch: async () => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
    });
    const result = await generateText({ model: anthropic('claude-test'), prompt: 'hi', maxOutputTokens: 100 });
    expect([result.text, result.finishReason]).toEqual(['plain', 'length']);
  });

  it('@anthropic-ai/sdk and the Vercel AI SDK read the stop sequence that ended the reply', async () => {
    const { value } = anthropicCodec.formatReply({
      id: 'm',
      model: 'x',
      content: [{ type: 'text', text: 'one, two, ' }],
      finishReason: 'stop',
      stopSequence: 'three',
    });
    const message = await sdkAnswering(JSON.stringify(value), 'application/json').messages.create({ ...params, stop_sequences: ['three'] });
    expect([message.stop_reason, message.stop_sequence]).toEqual(['stop_sequence', 'three']);
    const anthropic = createAnthropic({
      apiKey: 'k',
      baseURL: 'http://bench.test/v1',
      fetch: async () => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }),
    });
    const result = await generateText({ model: anthropic('claude-test'), prompt: 'hi', maxOutputTokens: 100, stopSequences: ['three'] });
    expect(result.finishReason).toBe('stop');
    expect(result.providerMetadata?.anthropic?.stopSequence).toBe('three');
  });

  it('warns about images, which Anthropic replies cannot carry, and keeps bad tool arguments visible', () => {
    const { value, warnings } = anthropicCodec.formatReply({
      id: 'm',
      model: 'x',
      content: [
        { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
        { type: 'tool-call', id: 't', name: 'f', arguments: 'nope' },
      ],
      finishReason: 'stop',
    });
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['dropped', 'content[0]'],
      ['converted', 'content[1].arguments'],
    ]);
    expect(value.content).toEqual([{ type: 'tool_use', id: 't', name: 'f', input: { arguments: 'nope' } }]);
  });
});

describe('parseReply (lenient)', () => {
  it('reads a real upstream reply and keeps non-null unmapped fields', () => {
    const parsed = anthropicCodec.parseReply({
      id: 'msg_2',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'redacted_thinking', data: 'enc' },
        { type: 'text', text: 'Hi', citations: null },
        { type: 'server_tool_use', id: 's', name: 'web_search', input: {} },
      ],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      container: null,
      usage: { input_tokens: 3, output_tokens: 1, cache_read_input_tokens: null, cache_creation_input_tokens: null, service_tier: 'standard' },
      stop_details: { type: 'refusal', category: null, explanation: null },
    });
    expect(parsed).toEqual({
      id: 'msg_2',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'reasoning', text: '', signature: 'enc', signatureFrom: 'anthropic', redacted: true },
        { type: 'text', text: 'Hi' },
      ],
      finishReason: 'length',
      rawFinishReason: 'max_tokens',
      usage: { inputTokens: 3, outputTokens: 1 },
      extra: { stop_details: { type: 'refusal', category: null, explanation: null } },
    });
  });

  it('throws InvalidReplyError on something that is not a reply', () => {
    expect(() => anthropicCodec.parseReply({ nope: true })).toThrow(/not an Anthropic Messages reply/);
  });
});
