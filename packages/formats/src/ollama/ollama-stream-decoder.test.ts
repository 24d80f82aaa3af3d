import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { ollamaCodec } from './ollama-codec';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

/** Feeds text in pieces of `size` characters, then ends. */
function decode(text: string, size = 7): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = ollamaCodec.createStreamDecoder();
  const events: StreamEvent[] = [];
  for (let i = 0; i < text.length; i += size) events.push(...decoder.push(text.slice(i, i + size)));
  events.push(...decoder.end());
  return { events, malformed: decoder.malformed };
}

describe('Ollama stream decoder', () => {
  it('decodes a captured chat stream: thinking, text, a tool call, counts, durations', () => {
    const { events, malformed } = decode(fixture('chat-stream-tool-call.ndjson'));
    expect(malformed).toEqual([]);
    expect(events).toEqual([
      { type: 'start', model: 'qwen3:8b', created: Math.floor(Date.parse('2026-11-30T08:00:00.101Z') / 1000) },
      { type: 'reasoning-delta', text: 'The user wants' },
      { type: 'reasoning-delta', text: ' the weather in Paris.' },
      { type: 'text-delta', text: 'Let me ' },
      { type: 'text-delta', text: 'check.' },
      { type: 'tool-call-start', id: 'call_k3vq9x2a', name: 'get_weather' },
      { type: 'tool-call-delta', id: 'call_k3vq9x2a', argumentsDelta: '{"city":"Paris","unit":"celsius"}' },
      { type: 'tool-call-end', id: 'call_k3vq9x2a' },
      {
        type: 'finish',
        reason: 'tool-calls',
        rawReason: 'stop',
        usage: { inputTokens: 182, outputTokens: 47 },
        extra: { total_duration: 1834520375, load_duration: 41825750, prompt_eval_duration: 95113958, eval_duration: 1695482167 },
      },
    ]);
  });

  it('gives tool calls without ids call_<n>', () => {
    const { events } = decode(fixture('chat-stream-no-ids.ndjson'), 1000);
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-start', id: 'call_2', name: 'get_time' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });

  it('decodes a generate stream, keeping its context on the finish', () => {
    const { events } = decode(fixture('generate-stream.ndjson'), 13);
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'text-delta', 'finish']);
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      reason: 'length',
      rawReason: 'length',
      usage: { inputTokens: 26, outputTokens: 2 },
      extra: { context: [1, 2, 3] },
    });
  });

  it('turns an in-stream {"error"} line into an error event', () => {
    const { events } = decode(fixture('chat-stream-error.ndjson'));
    expect(events).toEqual([
      { type: 'start', model: 'qwen3:8b', created: expect.any(Number) },
      { type: 'text-delta', text: 'Partial' },
      { type: 'error', error: expect.objectContaining({ kind: 'upstream', message: 'an error was encountered while running the model: unexpected EOF' }) },
    ]);
  });

  it('ends a stream cut before its done:true line with an error, never a finish', () => {
    const cut = fixture('chat-stream-tool-call.ndjson').split('\n').slice(0, 4).join('\n');
    const { events } = decode(cut);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream' } });
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(decode('').events).toEqual([{ type: 'start' }, expect.objectContaining({ type: 'error' })]);
  });

  it('skips and records malformed lines, and goes on', () => {
    const text =
      '{"model":"m","message":{"content":"a"},"done":false}\nnot json\n{"message":{"content":5}}\n{"model":"m","message":{"content":"b"},"done":true,"done_reason":"stop"}\n';
    const { events, malformed } = decode(text, 5);
    expect(events.map((event) => event.type)).toEqual(['start', 'text-delta', 'text-delta', 'finish']);
    expect(malformed).toEqual(['line 2: not a JSON object', expect.stringMatching(/^line 3: not an Ollama chunk/)]);
    expect(malformed.join()).not.toContain('not json');
  });

  it('reads a last line without a newline, and ignores lines after done', () => {
    const text = '{"message":{"content":"a"},"done":true,"done_reason":"stop"}\n{"message":{"content":"late"},"done":false}';
    expect(decode(text).events.map((event) => event.type)).toEqual(['start', 'text-delta', 'finish']);
    expect(decode('{"message":{"content":"a"},"done":true}').events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });
});
