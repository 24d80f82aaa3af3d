import { describe, expect, it } from 'vitest';
import type { WriteItem } from '../ledger-store';
import { toCallRecord } from '../to-call-record';
import { toTurnRecord } from '../to-turn-record';
import { call } from '../test-support/fixtures';
import { decodeWriteBatch, encodeWriteBatch } from './write-batch-codec';

const batch: WriteItem[] = [
  { kind: 'call', record: toCallRecord(call('p1.1', { usage: { inputTokens: 10, outputTokens: 4 }, price: { input: 1, output: 2 } }), 1, undefined) },
  {
    kind: 'call',
    record: toCallRecord(
      call('p1.2', {
        status: 'error',
        errorClass: 'server',
        errorMessage: 'boom',
        warnings: ['a', 'b'],
        via: 'mcp',
        providerKey: 'OPENAI_KEY_B',
        textChars: 7,
      }),
      2,
      undefined,
    ),
  },
  {
    kind: 'turn',
    record: toTurnRecord({ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', call: 'p1.1', tried: [{ alias: 'm2', error: '500' }, { alias: 'm1' }] }, 3),
  },
  {
    kind: 'transcript',
    record: {
      call: 'p1.1',
      time: 4,
      system: null,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      answer: { text: 'hello', reasoning: '', toolCalls: [] },
    },
  },
  { kind: 'turn', record: toTurnRecord({ conversation: 'c1', turn: 2, alias: 'm1', status: 'aborted' }, 5) },
  { kind: 'refusal', record: { minute: 60_000, keyName: 'ci', collection: null, scope: 'key', limit: 'rpm' } },
];

describe('the write batch as it crosses to the SQLite worker', () => {
  it('decodes to the same records, in order: nulls kept, optional fields left out where absent', () => {
    const decoded = decodeWriteBatch(structuredClone(encodeWriteBatch(batch)));
    expect(decoded).toStrictEqual(batch);
    expect('via' in decoded[0]!.record).toBe(false);
    expect(decoded[0]!.record).toMatchObject({ errorClass: null, errorMessage: null, textChars: null });
  });

  it('carries every field of a call and a turn to its own place (each set to a value of its own)', () => {
    const distinct: WriteItem[] = [
      {
        kind: 'call',
        record: {
          ...{ id: 'id', time: 1, purpose: 'route', collection: 'collection', keyName: 'keyName', alias: 'alias', provider: 'provider' },
          ...{ status: 'status', errorClass: 'errorClass', errorMessage: 'errorMessage', inputTokens: 2, outputTokens: 3, reasoningTokens: 4 },
          ...{ cachedTokens: 5, cacheWriteTokens: 6, cacheWrite1hTokens: 7, cost: 8.5, seconds: 9.5, firstPieceSeconds: 10.5 },
          ...{ finishReason: 'finishReason', toolCalls: 11, textChars: 12, warnings: ['w1', 'w2 é', 'w3 😀 \ud800'], unit: 'unit', shape: 'shape' },
          ...{ via: 'mcp', providerKey: 'providerKey', request: true },
        },
      },
      {
        kind: 'turn',
        record: {
          ...{ conversation: 'conversation', turn: 21, time: 22, collection: 'collection', call: 'call', alias: 'alias', status: 'status' },
          ...{ seconds: 23.5, firstTokenSeconds: 24.5, inputTokens: 25, outputTokens: 26, reasoningTokens: 27, cachedTokens: 28 },
          ...{ cacheWriteTokens: 29, toolCalls: 30, finishReason: 'finishReason', tried: [{ alias: 'a1', error: 'e1' }, { alias: 'a2' }] },
        },
      },
    ];
    expect(decodeWriteBatch(structuredClone(encodeWriteBatch(distinct)))).toStrictEqual(distinct);
  });

  it('carries no property names for calls and turns: numbers in one buffer, their strings joined in one', () => {
    const encoded = encodeWriteBatch(batch.filter((item) => item.kind === 'call' || item.kind === 'turn'));
    expect(encoded.values).toEqual([]);
    expect(encoded.text).toContain('p1.2');
    expect([...encoded.numbers.subarray(0, encoded.count)]).toContain(10); // the first call's input tokens
  });

  it("sends a string equal to the last one in its field once a batch: a turn's conversation and call are its call's unit and id", () => {
    const route = (id: string, turn: number, conversation: string): WriteItem[] => [
      { kind: 'call', record: toCallRecord(call(id, { collection: 'agents', keyName: 'alice', unit: conversation }), turn, undefined) },
      { kind: 'turn', record: toTurnRecord({ conversation, turn, collection: 'agents', call: id, alias: 'm1', status: 'ok', tried: [{ alias: 'm1' }] }, turn) },
    ];
    const repeated = [
      ...route('r1', 1, 'conversation-a'),
      ...route('r2', 2, 'conversation-a'),
      ...route('r3', 1, 'conversation-b'),
      ...route('r4', 2, 'conversation-a'),
    ];
    const encoded = encodeWriteBatch(repeated);
    expect(decodeWriteBatch(structuredClone(encoded))).toStrictEqual(repeated);
    expect(encoded.text.split('conversation-a').length - 1).toBe(2); // once, then again after conversation-b took its slot
    expect(encoded.text.split('agents').length - 1).toBe(1);
    expect(encoded.text.split('r1').length - 1).toBe(1);
  });

  it('grows its buffer for records longer than their fields (many warnings, many members tried)', () => {
    const warnings = Array.from({ length: 200 }, (_, i) => `warning ${i}`);
    const long: WriteItem[] = [
      { kind: 'call', record: toCallRecord(call('p2.1', { warnings }), 1, undefined) },
      {
        kind: 'turn',
        record: toTurnRecord({ conversation: 'c2', turn: 1, alias: 'm1', status: 'ok', tried: warnings.map((alias) => ({ alias, error: '429' })) }, 2),
      },
    ];
    expect(decodeWriteBatch(structuredClone(encodeWriteBatch(long)))).toStrictEqual(long);
  });

  it('refuses a batch it cannot read, naming where', () => {
    expect(() => decodeWriteBatch({ numbers: Float64Array.of(7), count: 1, text: '', values: [] })).toThrow(
      'a write batch for the SQLite worker holds an unknown record tag 7 at 0',
    );
  });
});
