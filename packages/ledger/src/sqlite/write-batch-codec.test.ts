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

  it('carries no property names for calls and turns: numbers in one buffer, only strings and arrays beside it', () => {
    const encoded = encodeWriteBatch(batch.filter((item) => item.kind === 'call' || item.kind === 'turn'));
    expect(encoded.values.filter((value) => typeof value !== 'string' && !Array.isArray(value))).toEqual([]);
    expect(encoded.values).toContain('p1.2');
    expect([...encoded.numbers.subarray(0, encoded.count)]).toContain(10); // the first call's input tokens
  });

  it('refuses a batch it cannot read, naming where', () => {
    expect(() => decodeWriteBatch({ numbers: Float64Array.of(7), count: 1, values: [] })).toThrow(
      'a write batch for the SQLite worker holds an unknown record tag 7 at 0',
    );
  });
});
