import { describe, expect, it } from 'vitest';
import { SSE_COMMENT_KEEP_ALIVE } from '../shared/sse';
import { openaiResponsesCodec } from './openai-responses-codec';
import { jsonOf } from './read-fixture';
import { encodeAll } from './sdk-harness';

/** The wire text as [event name, data] pairs. */
function frames(text: string): Array<[string, Record<string, unknown>]> {
  return text
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      const [event, data] = frame.split('\n');
      return [String(event).slice('event: '.length), jsonOf(String(data).slice('data: '.length))];
    });
}

describe('openai-responses stream encoder', () => {
  it('opens with response.created and response.in_progress even without a start event, using the options', () => {
    const out = frames(
      encodeAll(
        [
          { type: 'text-delta', text: 'hi' },
          { type: 'finish', reason: 'stop' },
        ],
        { id: 'resp_o', model: 'bench/core' },
      ),
    );
    expect(out.map(([event]) => event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(out[0]?.[1]).toMatchObject({
      type: 'response.created',
      sequence_number: 0,
      response: { id: 'resp_o', model: 'bench/core', status: 'in_progress', output: [] },
    });
    for (const [event, data] of out) expect(data.type).toBe(event);
  });

  it('writes finish.extra inside the response of the last event', () => {
    const out = frames(
      encodeAll([
        { type: 'text-delta', text: 'x' },
        { type: 'finish', reason: 'stop', extra: { bench: { panel: 'p1' } } },
      ]),
    );
    const [event, data] = out.at(-1) ?? [];
    expect(event).toBe('response.completed');
    expect(data?.response).toMatchObject({
      status: 'completed',
      bench: { panel: 'p1' },
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'x' }] }],
    });
  });

  it.each([
    ['length', 'response.incomplete', { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }],
    ['content-filter', 'response.incomplete', { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }],
    ['error', 'response.failed', { status: 'failed', error: { code: 'server_error' } }],
  ] as const)('a %s finish ends with %s', (reason, type, response) => {
    const out = frames(encodeAll([{ type: 'finish', reason }]));
    expect(out.at(-1)?.[0]).toBe(type);
    expect(out.at(-1)?.[1].response).toMatchObject(response);
  });

  it('end() without a finish writes an error event, and nothing after a finish', () => {
    const encoder = openaiResponsesCodec.createStreamEncoder();
    encoder.encode({ type: 'text-delta', text: 'half' });
    const cut = frames(encoder.end());
    expect(cut.map(([event]) => event)).toEqual(['error']);
    expect(cut[0]?.[1]).toMatchObject({ type: 'error', code: null, message: expect.stringContaining('ended before') });

    const done = openaiResponsesCodec.createStreamEncoder();
    done.encode({ type: 'finish', reason: 'stop' });
    expect(done.encode({ type: 'text-delta', text: 'late' })).toBe('');
    expect(done.end()).toBe('');
  });

  it('writes an error event with code, message, param and sequence_number, then nothing more', () => {
    const encoder = openaiResponsesCodec.createStreamEncoder();
    const text = encoder.encode({ type: 'error', error: { kind: 'rate-limit', message: 'slow down', param: 'model' } });
    const last = frames(text).at(-1);
    expect(last?.[0]).toBe('error');
    expect(last?.[1]).toEqual({
      type: 'error',
      sequence_number: 2,
      code: 'rate_limit_exceeded',
      message: 'slow down',
      param: 'model',
      error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down', param: 'model' },
    });
    expect(encoder.encode({ type: 'finish', reason: 'stop' })).toBe('');
    expect(encoder.end()).toBe('');
  });

  it('keeps output indexes consistent across reasoning, text and parallel tool calls', () => {
    const out = frames(
      encodeAll([
        { type: 'reasoning-delta', text: 'r' },
        { type: 'text-delta', text: 't' },
        { type: 'tool-call-start', id: 'a', name: 'f' },
        { type: 'tool-call-start', id: 'b', name: 'g' },
        { type: 'tool-call-delta', id: 'b', argumentsDelta: '{}' },
        { type: 'tool-call-delta', id: 'a', argumentsDelta: '{"x":1}' },
        { type: 'tool-call-end', id: 'b' },
        { type: 'finish', reason: 'tool-calls' },
      ]),
    );
    const added = out.filter(([event]) => event === 'response.output_item.added').map(([, data]) => [data.output_index, (data.item as { type: string }).type]);
    expect(added).toEqual([
      [0, 'reasoning'],
      [1, 'message'],
      [2, 'function_call'],
      [3, 'function_call'],
    ]);
    const final = out.at(-1)?.[1].response as { output: Array<{ type: string; arguments?: string; call_id?: string }> };
    expect(final.output.map((item) => item.arguments ?? item.type)).toEqual(['reasoning', 'message', '{"x":1}', '{}']);
  });

  it('declares SSE with a comment keep-alive', () => {
    expect(openaiResponsesCodec.streamContentType).toBe('text/event-stream');
    expect(openaiResponsesCodec.keepAlive).toBe(SSE_COMMENT_KEEP_ALIVE);
  });
});
