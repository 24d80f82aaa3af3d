import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { geminiArrayStream } from './gemini-array-stream';
import { geminiCodec } from './gemini-codec';

const toolTurn: StreamEvent[] = [
  { type: 'start', id: 'r1', model: 'g' },
  { type: 'reasoning-delta', text: 'hmm' },
  { type: 'text-delta', text: 'Hi, "you"\n' },
  { type: 'reasoning-delta', text: '', signature: 'sig' },
  { type: 'tool-call-start', id: 'c1', name: 'f' },
  { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{"a":1}' },
  { type: 'tool-call-end', id: 'c1' },
  { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 5, outputTokens: 9 }, extra: { bench: { call: 'k1' } } },
];
const failedPartWay: StreamEvent[] = [
  { type: 'start', id: 'r2', model: 'g' },
  { type: 'text-delta', text: 'par' },
  { type: 'error', error: { kind: 'upstream', message: 'the member failed part way' } },
];
const cut: StreamEvent[] = [
  { type: 'start', id: 'r3', model: 'g' },
  { type: 'text-delta', text: 'cut short' },
];

function pieces(form: { createStreamEncoder: typeof geminiCodec.createStreamEncoder }, events: StreamEvent[]): string[] {
  const encoder = form.createStreamEncoder();
  return [...events.map((event) => encoder.encode(event)), encoder.end()];
}

function sseElements(events: StreamEvent[]): unknown[] {
  return pieces(geminiCodec, events)
    .join('')
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as unknown);
}

describe('Gemini JSON-array stream (no ?alt=sse)', () => {
  it.each([
    ['a tool-call turn', toolTurn],
    ['a stream that failed part way', failedPartWay],
    ['a stream cut before its finish', cut],
  ])('%s: the whole body is one JSON array of the responses the SSE form sends', (_name, events) => {
    const body = pieces(geminiArrayStream, events).join('');
    expect(JSON.parse(body)).toEqual(sseElements(events));
    expect(body.startsWith('[')).toBe(true);
    expect(body.endsWith('\n]')).toBe(true);
  });

  it('opens the array on start, so keep-alive whitespace written at any point leaves valid JSON', () => {
    const parts = pieces(geminiArrayStream, toolTurn);
    expect(parts[0]).toBe('[');
    const withKeepAlives = parts.join(geminiArrayStream.keepAlive ?? '');
    expect(geminiArrayStream.keepAlive?.trim()).toBe('');
    expect(JSON.parse(withKeepAlives)).toEqual(sseElements(toolTurn));
  });

  it('gives readers that split on "\\n," one whole element a piece', () => {
    const body = pieces(geminiArrayStream, toolTurn).join('');
    const split = body
      .slice(1, -1)
      .split('\n,')
      .map((piece) => JSON.parse(piece) as unknown);
    expect(split).toEqual(sseElements(toolTurn));
  });

  it('answers an error before anything else as a one-element array', () => {
    const encoder = geminiArrayStream.createStreamEncoder();
    const body = encoder.encode({ type: 'error', error: { kind: 'rate-limit', message: 'every member is rate limited' } }) + encoder.end();
    const parsed = JSON.parse(body) as Array<{ error: { code: number; message: string; status: string } }>;
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
  });

  it('is served as JSON, not as an event stream', () => {
    expect(geminiArrayStream.streamContentType).toMatch(/^application\/json/);
    expect(geminiCodec.streamContentType).toBe('text/event-stream');
  });
});
