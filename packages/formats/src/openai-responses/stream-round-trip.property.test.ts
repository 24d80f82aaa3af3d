import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FinishEvent, StreamEvent } from '../neutral/stream-event';
import { openaiResponsesCodec } from './openai-responses-codec';
import { plainJSON } from './strip-extra';

/*
 * Event sequences Responses can carry: a start, blocks of reasoning (its
 * encrypted content as a last signature-only delta), text, and tool calls
 * (start, argument deltas, end), then a finish whose raw reason is the one
 * Responses writes, with full usage — or an error.
 */

const delta = fc.string({ minLength: 1, maxLength: 8 });

const reasoningBlock = fc
  .tuple(fc.array(delta, { minLength: 1, maxLength: 3 }), fc.option(fc.base64String({ minLength: 4, maxLength: 12 }), { nil: undefined }))
  .map(([texts, signature]): StreamEvent[] => [
    ...texts.map((text): StreamEvent => ({ type: 'reasoning-delta', text })),
    ...(signature ? [{ type: 'reasoning-delta', text: '', signature, signatureFrom: 'openai-responses' } as StreamEvent] : []),
  ]);
const textBlock = fc.array(delta, { minLength: 1, maxLength: 3 }).map((texts) => texts.map((text): StreamEvent => ({ type: 'text-delta', text })));
const toolBlock = fc
  .tuple(
    fc.stringMatching(/^[a-z_]{1,8}$/),
    fc.option(fc.constantFrom('multi_agent_v1', 'mcp__node_repl'), { nil: undefined }),
    fc.array(delta, { maxLength: 3 }),
  )
  .map(([name, namespace, parts]) => ({ name, namespace, parts }));

type Block = { kind: 'reasoning' | 'text'; events: StreamEvent[] } | { kind: 'tool'; name: string; namespace: string | undefined; parts: string[] };

const blocks = fc.array(
  fc.oneof(
    reasoningBlock.map((events): Block => ({ kind: 'reasoning', events })),
    textBlock.map((events): Block => ({ kind: 'text', events })),
    toolBlock.map(({ name, namespace, parts }): Block => ({ kind: 'tool', name, namespace, parts })),
  ),
  { maxLength: 6 },
);

const usage = fc.record({ inputTokens: fc.nat(10_000), outputTokens: fc.nat(10_000), reasoningTokens: fc.nat(1_000), cachedInputTokens: fc.nat(1_000) });

const ending = fc.oneof(
  fc.record({ kind: fc.constant('finish' as const), reason: fc.constantFrom('done', 'length', 'content-filter'), usage, bench: fc.boolean() }),
  fc.record({ kind: fc.constant('error' as const), which: fc.constantFrom('rate-limit', 'upstream', 'context-length') }),
);

const ERRORS = {
  'rate-limit': { kind: 'rate-limit', message: 'slow down', code: 'rate_limit_exceeded' },
  upstream: { kind: 'upstream', message: 'upstream failed', code: 'server_error' },
  'context-length': { kind: 'context-length', message: 'too long', code: 'context_length_exceeded' },
} as const;

const sequence = fc.tuple(fc.stringMatching(/^resp_[a-z0-9]{1,8}$/), blocks, ending).map(([id, parts, end]) => {
  const events: StreamEvent[] = [{ type: 'start', id, model: 'gpt-test', created: 1_800_000_000 }];
  let calls = 0;
  let previous: Block['kind'] | undefined;
  for (const block of parts) {
    if (block.kind === 'reasoning' && previous === 'reasoning') continue;
    previous = block.kind;
    if (block.kind !== 'tool') {
      events.push(...block.events);
      continue;
    }
    const callId = `call_${++calls}`;
    events.push({ type: 'tool-call-start', id: callId, name: block.name, ...(block.namespace ? { namespace: block.namespace } : {}) });
    for (const part of block.parts) events.push({ type: 'tool-call-delta', id: callId, argumentsDelta: part });
    events.push({ type: 'tool-call-end', id: callId });
  }
  if (end.kind === 'error') {
    events.push({ type: 'error', error: { ...ERRORS[end.which] } });
    return events;
  }
  const finish: FinishEvent =
    end.reason === 'done'
      ? { type: 'finish', reason: calls > 0 ? 'tool-calls' : 'stop', rawReason: 'completed', usage: end.usage }
      : { type: 'finish', reason: end.reason, rawReason: end.reason === 'length' ? 'max_output_tokens' : 'content_filter', usage: end.usage };
  if (end.bench) finish.extra = { bench: { call: 'c1' } };
  events.push(finish);
  return events;
});

function roundTrip(events: StreamEvent[], chunk: number): StreamEvent[] {
  const encoder = openaiResponsesCodec.createStreamEncoder();
  let wire = '';
  for (const event of events) wire += encoder.encode(event);
  wire += encoder.end();
  const decoder = openaiResponsesCodec.createStreamDecoder();
  const out: StreamEvent[] = [];
  for (let at = 0; at < wire.length; at += chunk) out.push(...decoder.push(wire.slice(at, at + chunk)));
  out.push(...decoder.end());
  expect(decoder.malformed).toEqual([]);
  return out;
}

/** What decoding cannot give back: finish.extra (the gateway's own field) and an error's status (the decoder classifies). */
function comparable(events: StreamEvent[]): unknown[] {
  return events.map((event) => {
    if (event.type === 'finish') {
      const { extra: _extra, ...rest } = event;
      return rest;
    }
    if (event.type === 'error') return { type: 'error', kind: event.error.kind, message: event.error.message, code: event.error.code };
    return event;
  });
}

describe('stream round trip (property)', () => {
  it('encoding then decoding gives back the same events, in any chunking', () => {
    fc.assert(
      fc.property(sequence, fc.integer({ min: 1, max: 200 }), (events, chunk) => {
        expect(plainJSON(comparable(roundTrip(events, chunk)))).toStrictEqual(plainJSON(comparable(events)));
      }),
      { numRuns: 300 },
    );
  });
});
