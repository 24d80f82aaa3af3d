import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { openaiChatCodec } from './openai-chat-codec';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function decode(text: string, size = text.length): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = openaiChatCodec.createStreamDecoder();
  const events: StreamEvent[] = [];
  for (let at = 0; at < text.length; at += size) events.push(...decoder.push(text.slice(at, at + size)));
  events.push(...decoder.end());
  return { events, malformed: decoder.malformed };
}

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe('OpenAI Chat stream decoder', () => {
  const expected: StreamEvent[] = [
    { type: 'start', id: 'chatcmpl-CaPt0r3dStr3am', model: 'gpt-5.4-mini-2026-03-01', created: 1764489600 },
    { type: 'reasoning-delta', text: 'The user wants ' },
    { type: 'reasoning-delta', text: 'the weather in Paris; ' },
    { type: 'reasoning-delta', text: "I'll call the tool." },
    { type: 'text-delta', text: 'Let me ' },
    { type: 'text-delta', text: 'check the ' },
    { type: 'text-delta', text: 'weather.' },
    { type: 'tool-call-start', id: 'call_Pq7xY2mN', name: 'get_weather' },
    { type: 'tool-call-delta', id: 'call_Pq7xY2mN', argumentsDelta: '{"ci' },
    { type: 'tool-call-delta', id: 'call_Pq7xY2mN', argumentsDelta: 'ty":"Pa' },
    { type: 'tool-call-delta', id: 'call_Pq7xY2mN', argumentsDelta: 'ris","unit":' },
    { type: 'tool-call-delta', id: 'call_Pq7xY2mN', argumentsDelta: '"celsius"}' },
    { type: 'tool-call-end', id: 'call_Pq7xY2mN' },
    { type: 'tool-call-start', id: 'call_Zr8wK1qA', name: 'get_time' },
    { type: 'tool-call-delta', id: 'call_Zr8wK1qA', argumentsDelta: '{"city":"Paris"}' },
    { type: 'tool-call-end', id: 'call_Zr8wK1qA' },
    {
      type: 'finish',
      reason: 'tool-calls',
      rawReason: 'tool_calls',
      usage: { inputTokens: 812, outputTokens: 96, cachedInputTokens: 768, reasoningTokens: 41 },
    },
  ];

  it('decodes a captured stream with reasoning, text, tool calls split across deltas, and usage', () => {
    const { events, malformed } = decode(fixture('stream-reasoning-tool-call.sse'));
    expect(events).toEqual(expected);
    expect(malformed).toEqual([]);
  });

  it('gives the same events however the bytes are split', () => {
    expect(decode(fixture('stream-reasoning-tool-call.sse'), 7).events).toEqual(expected);
    expect(decode(fixture('stream-reasoning-tool-call.sse'), 1).events).toEqual(expected);
  });

  it('turns an in-stream error event into an error event, last', () => {
    const { events } = decode(fixture('stream-error.sse'));
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'error']);
    expect(events[2]).toMatchObject({
      type: 'error',
      error: { kind: 'upstream', code: 'server_error', message: expect.stringMatching(/server had an error/) },
    });
  });

  it('reads an in-stream context-length error as such', () => {
    const body = fixture('error-context-length.json');
    const { events } = decode(`data: ${JSON.stringify(JSON.parse(body))}\n\n`);
    expect(events).toEqual([
      { type: 'start' },
      { type: 'error', error: expect.objectContaining({ kind: 'context-length', code: 'context_length_exceeded', param: 'messages' }) },
    ]);
  });

  it('treats a stream cut before its finish as an error, never a finish', () => {
    const { events } = decode(chunk({ role: 'assistant', content: '' }) + chunk({ content: 'Hel' }));
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream' } });
    expect(events.filter((event) => event.type === 'finish')).toEqual([]);
  });

  it('finishes at end() when a finish_reason came but [DONE] did not', () => {
    const { events } = decode(chunk({ content: 'Hi' }) + chunk({}, 'length'));
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'length', rawReason: 'length' });
  });

  it('finishes on [DONE] without a usage chunk, and closes an open tool call first', () => {
    const { events } = decode(
      chunk({ tool_calls: [{ index: 0, id: 'x', type: 'function', function: { name: 'f', arguments: '{}' } }] }) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n',
    );
    expect(events.slice(1)).toEqual([
      { type: 'tool-call-start', id: 'x', name: 'f' },
      { type: 'tool-call-delta', id: 'x', argumentsDelta: '{}' },
      { type: 'tool-call-end', id: 'x' },
      { type: 'finish', reason: 'tool-calls', rawReason: 'tool_calls' },
    ]);
  });

  it('finishes at once when usage rides on the finish_reason chunk itself', () => {
    const last = JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const decoder = openaiChatCodec.createStreamDecoder();
    const events = decoder.push(chunk({ content: 'ok' }) + `data: ${last}\n\n`);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop', usage: { inputTokens: 5, outputTokens: 2 } });
    expect(decoder.end()).toEqual([]);
  });

  it('skips and records a malformed event, and goes on', () => {
    const { events, malformed } = decode(
      chunk({ content: 'a' }) +
        'data: {not json\n\n' +
        'data: {"choices":"nope"}\n\n' +
        'data: {"choices":[{"delta":{"content":5}}]}\n\n' +
        chunk({ content: 'b' }, 'stop') +
        'data: [DONE]\n\n',
    );
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'text-delta', 'finish']);
    expect(malformed).toHaveLength(3);
    expect(malformed.join(' ')).not.toContain('not json');
  });

  it('accepts `reasoning` (OpenRouter) for reasoning_content, and a tool call without an id', () => {
    const { events } = decode(
      chunk({ reasoning: 'hmm' }) +
        chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '' } }] }) +
        chunk({}, 'tool_calls') +
        'data: [DONE]\n\n',
    );
    expect(events.slice(1, 3)).toEqual([
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'tool-call-start', id: 'call_0', name: 'f' },
    ]);
  });
});
