import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { ollamaCodec } from './ollama-codec';

const created = Date.parse('2026-11-30T08:00:00Z') / 1000;

function lines(events: StreamEvent[], endpoint?: 'chat' | 'generate', end = true): unknown[] {
  const encoder = ollamaCodec.createStreamEncoder(endpoint ? { endpoint } : undefined);
  let text = events.map((event) => encoder.encode(event)).join('');
  if (end) text += encoder.end();
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('Ollama stream encoder', () => {
  it('writes content, thinking and a whole tool call per line, then the done line with finish.extra', () => {
    expect(
      lines([
        { type: 'start', model: 'bench/core', created },
        { type: 'reasoning-delta', text: 'hmm', signature: 'sig' },
        { type: 'text-delta', text: 'Hi' },
        { type: 'tool-call-start', id: 'c1', name: 'f' },
        { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{"a"' },
        { type: 'tool-call-delta', id: 'c1', argumentsDelta: ':1}' },
        { type: 'tool-call-end', id: 'c1' },
        { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4, reasoningTokens: 1 }, extra: { bench: { call: 'x' } } },
      ]),
    ).toEqual([
      { model: 'bench/core', created_at: '2026-11-30T08:00:00.000Z', message: { role: 'assistant', content: '', thinking: 'hmm' }, done: false },
      { model: 'bench/core', created_at: '2026-11-30T08:00:00.000Z', message: { role: 'assistant', content: 'Hi' }, done: false },
      {
        model: 'bench/core',
        created_at: '2026-11-30T08:00:00.000Z',
        message: { role: 'assistant', content: '', tool_calls: [{ id: 'c1', function: { index: 0, name: 'f', arguments: { a: 1 } } }] },
        done: false,
      },
      {
        model: 'bench/core',
        created_at: '2026-11-30T08:00:00.000Z',
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 3,
        eval_count: 4,
        bench: { call: 'x' },
      },
    ]);
  });

  it('writes the /api/generate shape', () => {
    expect(
      lines(
        [
          { type: 'start', model: 'm', created },
          { type: 'reasoning-delta', text: 'r' },
          { type: 'text-delta', text: 't' },
          { type: 'finish', reason: 'length', usage: { outputTokens: 1 } },
        ],
        'generate',
      ),
    ).toEqual([
      { model: 'm', created_at: '2026-11-30T08:00:00.000Z', response: '', thinking: 'r', done: false },
      { model: 'm', created_at: '2026-11-30T08:00:00.000Z', response: 't', done: false },
      { model: 'm', created_at: '2026-11-30T08:00:00.000Z', response: '', done: true, done_reason: 'length', eval_count: 1 },
    ]);
  });

  it('writes an error event as {"error"}, and nothing after it', () => {
    expect(
      lines([
        { type: 'text-delta', text: 'a' },
        { type: 'error', error: { kind: 'upstream', message: 'every seat failed' } },
        { type: 'text-delta', text: 'b' },
      ]).slice(1),
    ).toEqual([{ error: 'every seat failed' }]);
  });

  it('writes an error line at end() when no finish or error came', () => {
    expect(lines([{ type: 'text-delta', text: 'a' }]).at(-1)).toEqual({ error: expect.stringContaining('ended before') });
    const encoder = ollamaCodec.createStreamEncoder();
    encoder.encode({ type: 'finish', reason: 'stop' });
    expect(encoder.end()).toBe('');
  });

  it('writes a tool call still open at finish before the done line', () => {
    const out = lines([
      { type: 'tool-call-start', id: 'c', name: 'f' },
      { type: 'tool-call-delta', id: 'c', argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ message: { tool_calls: [{ id: 'c', function: { name: 'f', arguments: {} } }] }, done: false });
  });

  it('uses the model from the options when no start came', () => {
    const encoder = ollamaCodec.createStreamEncoder({ model: 'opt-model' });
    expect(JSON.parse(encoder.encode({ type: 'text-delta', text: 'x' }))).toMatchObject({ model: 'opt-model' });
  });
});
