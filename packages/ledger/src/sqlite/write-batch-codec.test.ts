import { describe, expect, it } from 'vitest';
import type { Price } from '../call-record';
import { type QueuedWrite, toWriteItem } from '../queued-write';
import { call } from '../test-support/fixtures';
import type { PriceLookup } from '../to-call-record';
import { decodeWriteBatch, encodeWriteBatch } from './write-batch-codec';

const listed: Price = { input: 3, output: 4, cacheRead: 0.3 };
const lookup: PriceLookup = (alias) => (alias === 'm2' ? listed : undefined);
const crossed = (batch: QueuedWrite[], price: PriceLookup | undefined) => decodeWriteBatch(structuredClone(encodeWriteBatch(batch, price)));
const built = (batch: QueuedWrite[], price: PriceLookup | undefined) => batch.map((item) => toWriteItem(item, price));

const batch: QueuedWrite[] = [
  { kind: 'call', input: call('p1.1', { usage: { inputTokens: 10, outputTokens: 4 }, price: { input: 1, output: 2 } }), time: 1 },
  {
    kind: 'call',
    input: call('p1.2', {
      alias: 'm2',
      usage: { inputTokens: 10, cachedInputTokens: 5, outputTokens: 4 },
      status: 'error',
      errorClass: 'server',
      errorMessage: `boom: data:image/png;base64,${'A'.repeat(400)}`,
      warnings: ['a', 'b'],
      via: 'mcp',
      providerKey: 'OPENAI_KEY_B',
      textChars: 7,
      request: true,
    }),
    time: 2,
  },
  {
    kind: 'turn',
    input: { conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', call: 'p1.1', tried: [{ alias: 'm2', error: '500' }, { alias: 'm1' }] },
    time: 3,
  },
  {
    kind: 'transcript',
    input: {
      call: 'p1.1',
      system: null,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      answer: { text: 'hello', reasoning: '', toolCalls: [] },
    },
    time: 4,
  },
  { kind: 'turn', input: { conversation: 'c1', turn: 2, alias: 'm1', status: 'aborted' }, time: 5 },
  { kind: 'refusal', input: { keyName: 'ci', scope: 'key', limit: 'rpm' }, time: 60_001, id: 'refusal-1' },
];

describe('the write batch as it crosses to the SQLite worker', () => {
  it('decodes to the records the ledger builds for any store, in order: defaults, cost, unit, redaction', () => {
    const decoded = crossed(batch, lookup);
    expect(decoded).toStrictEqual(built(batch, lookup));
    expect('via' in decoded[0]!.record).toBe(false);
    expect(decoded[0]!.record).toMatchObject({ errorClass: null, errorMessage: null, textChars: null, unit: 'p1', shape: 'general', cost: 0.000018 });
    expect(decoded[1]!.record).toMatchObject({ request: true, via: 'mcp', providerKey: 'OPENAI_KEY_B' });
    expect((decoded[1]!.record as { errorMessage: string }).errorMessage).not.toContain('AAAA');
  });

  it("prices a call without a price of its own by the ledger's lookup, on the posting side", () => {
    const [, second] = crossed(batch, lookup);
    expect((second!.record as { cost: number }).cost).toBeCloseTo((5 * 3 + 5 * 0.3 + 4 * 4) / 1e6, 12);
    expect((crossed(batch, undefined)[1]!.record as { cost: number | null }).cost).toBeNull();
  });

  it('carries every field of a call and a turn to its own place (each set to a value of its own)', () => {
    const distinct: QueuedWrite[] = [
      {
        kind: 'call',
        time: 99,
        input: {
          ...{ id: 'id', time: 1, purpose: 'route', collection: 'collection', keyName: 'keyName', alias: 'alias', provider: 'provider' },
          ...{ status: 'status', errorClass: 'errorClass', errorMessage: 'errorMessage', seconds: 9.5, firstPieceSeconds: 10.5 },
          usage: { inputTokens: 300, outputTokens: 3, reasoningTokens: 2, cachedInputTokens: 5, cacheWriteTokens: 6, cacheWrite1hTokens: 4 },
          price: {
            ...{ input: 1.5, output: 2.5, cacheRead: 0.25, cacheWrite: 1.75, cacheWrite1h: 2.25 },
            longContext: { above: 200, input: 3.5, output: 4.5, cacheRead: 0.5, cacheWrite: 3.75, cacheWrite1h: 4.25 },
          },
          ...{ finishReason: 'finishReason', toolCalls: 11, textChars: 12, warnings: ['w1', 'w2 é', 'w3 😀 \ud800'], unit: 'unit', shape: 'shape' },
          ...{ via: 'mcp', providerKey: 'providerKey', request: true },
        },
      },
      {
        kind: 'turn',
        time: 98,
        input: {
          ...{ conversation: 'conversation', turn: 21, time: 22, collection: 'collection 2', call: 'call', alias: 'alias 2', status: 'status 2' },
          ...{ seconds: 23.5, firstTokenSeconds: 24.5, toolCalls: 30, finishReason: 'finishReason 2' },
          usage: { inputTokens: 25, outputTokens: 26, reasoningTokens: 27, cachedInputTokens: 28, cacheWriteTokens: 29 },
          tried: [{ alias: 'a1', error: 'e1' }, { alias: 'a2' }],
        },
      },
      // The same price but its long-context tier: the tier's rates must not leak into another call.
      { kind: 'call', time: 97, input: call('other', { usage: { inputTokens: 300, outputTokens: 3 }, price: { input: 1.5, output: 2.5 } }) },
    ];
    const decoded = crossed(distinct, undefined);
    expect(decoded).toStrictEqual(built(distinct, undefined));
    expect(decoded[0]!.record).toMatchObject({ time: 1, inputTokens: 300, cachedTokens: 5, cacheWriteTokens: 6, cacheWrite1hTokens: 4, reasoningTokens: 2 });
    expect(decoded[1]!.record).toMatchObject({ time: 22, cachedTokens: 28, collection: 'collection 2', finishReason: 'finishReason 2' });
  });

  it('carries no property names for calls and turns: numbers in one buffer, their strings joined in one', () => {
    const encoded = encodeWriteBatch(
      batch.filter((item) => item.kind === 'call' || item.kind === 'turn'),
      lookup,
    );
    expect(encoded.values).toEqual([]);
    expect(encoded.text).toContain('p1.2');
    expect([...encoded.numbers.subarray(0, encoded.count)]).toContain(10); // the first call's input tokens
  });

  it("sends a string equal to the last one in its field once a batch: a turn's conversation and call are its call's unit and id", () => {
    const route = (id: string, turn: number, conversation: string): QueuedWrite[] => [
      { kind: 'call', input: call(id, { collection: 'agents', keyName: 'alice', unit: conversation }), time: turn },
      { kind: 'turn', input: { conversation, turn, collection: 'agents', call: id, alias: 'm1', status: 'ok', tried: [{ alias: 'm1' }] }, time: turn },
    ];
    const repeated = [
      ...route('r1', 1, 'conversation-a'),
      ...route('r2', 2, 'conversation-a'),
      ...route('r3', 1, 'conversation-b'),
      ...route('r4', 2, 'conversation-a'),
    ];
    const encoded = encodeWriteBatch(repeated, undefined);
    expect(decodeWriteBatch(structuredClone(encoded))).toStrictEqual(built(repeated, undefined));
    expect(encoded.text.split('conversation-a').length - 1).toBe(2); // once, then again after conversation-b took its slot
    expect(encoded.text.split('agents').length - 1).toBe(1);
    expect(encoded.text.split('r1').length - 1).toBe(1);
  });

  it('grows its buffer for records longer than their fields (many warnings, many members tried)', () => {
    const warnings = Array.from({ length: 200 }, (_, i) => `warning ${i}`);
    const long: QueuedWrite[] = [
      { kind: 'call', input: call('p2.1', { warnings }), time: 1 },
      { kind: 'turn', input: { conversation: 'c2', turn: 1, alias: 'm1', status: 'ok', tried: warnings.map((alias) => ({ alias, error: '429' })) }, time: 2 },
    ];
    expect(crossed(long, lookup)).toStrictEqual(built(long, lookup));
  });

  it("sends a batch's prices once each, a call's as an index: the same rates again are the same price", () => {
    const priced = (id: string, price: Price | undefined): QueuedWrite => ({ kind: 'call', input: call(id, { price }), time: 1 });
    const items = [priced('a', { input: 1, output: 2 }), priced('b', { input: 1, output: 2 }), priced('c', undefined), priced('d', listed)];
    const encoded = encodeWriteBatch(items, undefined);
    expect(encoded.prices).toEqual([{ input: 1, output: 2 }, listed]);
    expect(decodeWriteBatch(structuredClone(encoded))).toStrictEqual(built(items, undefined));
  });

  it('refuses a batch it cannot read, naming where', () => {
    expect(() => decodeWriteBatch({ numbers: Float64Array.of(7), count: 1, text: '', values: [], prices: [] })).toThrow(
      'a write batch for the SQLite worker holds an unknown record tag 7 at 0',
    );
  });
});
