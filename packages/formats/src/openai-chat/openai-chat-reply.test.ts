import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { InvalidReplyError } from '../errors/invalid-reply-error';
import type { NeutralReply } from '../neutral/reply';
import { fetchReturning } from './__fixtures__/sse-response';
import { openaiChatCodec } from './openai-chat-codec';

const fixture: unknown = JSON.parse(readFileSync(new URL('./__fixtures__/reply-text.json', import.meta.url), 'utf8'));

const reply: NeutralReply = {
  id: 'chatcmpl-9',
  model: 'bench/core',
  created: 1764489700,
  content: [
    { type: 'reasoning', text: 'Think first.' },
    { type: 'text', text: 'Calling ' },
    { type: 'text', text: 'the tool.' },
    { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
  ],
  finishReason: 'tool-calls',
  usage: { inputTokens: 50, outputTokens: 20, reasoningTokens: 5, cachedInputTokens: 10 },
  extra: { bench: { panel: 'p-1', collection: 'core' } },
};

const json = JSON.stringify(openaiChatCodec.formatReply(reply).value);

describe('parseReply', () => {
  it('reads a captured chat.completion', () => {
    expect(openaiChatCodec.parseReply(fixture)).toEqual({
      id: 'chatcmpl-R3plyN0nStr3am',
      model: 'gpt-5.4-mini-2026-03-01',
      created: 1764489700,
      content: [{ type: 'text', text: 'It is 18 degrees and sunny in Paris.' }],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 1024, outputTokens: 64, cachedInputTokens: 512, reasoningTokens: 16 },
      extra: { service_tier: 'default', system_fingerprint: 'fp_7c4b2e19a0' },
    });
  });

  it('reads back what formatReply wrote: reasoning, text, tool calls, usage, finish reason', () => {
    const parsed = openaiChatCodec.parseReply(JSON.parse(json));
    expect(parsed).toEqual({
      ...reply,
      content: [reply.content[0], { type: 'text', text: 'Calling the tool.' }, reply.content[3]],
      rawFinishReason: 'tool_calls',
    });
  });

  it('refuses what is not a chat completion', () => {
    expect(() => openaiChatCodec.parseReply({ object: 'list', data: [] })).toThrow(InvalidReplyError);
    expect(() => openaiChatCodec.parseReply('nope')).toThrow(/not a chat completion/);
  });
});

describe('formatReply, read by the SDKs', () => {
  it('the openai SDK reads text, reasoning_content, tool calls, usage, finish reason and bench', async () => {
    const client = new OpenAI({ apiKey: 't', baseURL: 'http://bench.invalid/v1', fetch: fetchReturning(json, { contentType: 'application/json' }) });
    const completion = await client.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'hi' }] });
    const message = completion.choices[0]!.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.content).toBe('Calling the tool.');
    expect(message.reasoning_content).toBe('Think first.');
    const call = message.tool_calls?.[0];
    expect(call?.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments)] : undefined).toEqual([
      'call_1',
      'get_weather',
      { city: 'Paris' },
    ]);
    expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
    expect(completion.usage).toMatchObject({ prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 });
    expect((completion as unknown as { bench: unknown }).bench).toEqual({ panel: 'p-1', collection: 'core' });
  });

  it('the AI SDK generateText reads text, tool calls, usage and finish reason', async () => {
    const provider = createOpenAI({ apiKey: 't', baseURL: 'http://bench.invalid/v1', fetch: fetchReturning(json, { contentType: 'application/json' }) });
    const result = await generateText({
      model: provider.chat('bench/core'),
      prompt: 'hi',
      tools: { get_weather: tool({ inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }) }) },
    });
    expect(result.text).toBe('Calling the tool.');
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([['call_1', 'get_weather', { city: 'Paris' }]]);
    expect(result.finishReason).toBe('tool-calls');
    expect([result.usage.inputTokens, result.usage.outputTokens, result.usage.cachedInputTokens, result.usage.reasoningTokens]).toEqual([50, 20, 10, 5]);
  });

  it('warns about what a chat.completion cannot hold', () => {
    const { value, warnings } = openaiChatCodec.formatReply({
      id: 'r',
      model: 'm',
      content: [
        { type: 'reasoning', text: 't', signature: 's' },
        { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
      ],
      finishReason: 'stop',
    });
    expect(warnings.map((warning) => warning.path)).toEqual(['content[0].signature', 'content[1]']);
    expect(value).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: null, reasoning_content: 't' }, finish_reason: 'stop' }] });
  });
});
