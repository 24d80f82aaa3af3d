import type { CallInput, CallUsage, Price } from '../call-record';
import type { WriteItem } from '../ledger-store';
import { type QueuedWrite, toWriteItem } from '../queued-write';
import type { PriceLookup } from '../to-call-record';
import type { TriedMember, TurnInput } from '../turn-record';

/**
 * A batch as it crosses to the SQLite worker: the queued inputs, not their records, so that the worker builds the
 * records (defaults, cost, unit, image redaction) and the serving thread only copies what the caller gave. Structured
 * clone costs the posting thread per value it writes (a property name per field of every record, a tag and a copy per
 * string), so calls and turns go field by field in a fixed order: numbers, and every string's length, into one
 * Float64Array (transferred, not copied), the strings themselves joined into one string (cloned as one copy). A
 * string equal to the last one written in its slot (the same collection, key, alias, conversation call after call; a
 * turn's call, the call id just written) crosses as a marker instead: a batch's text is then little more than its
 * call ids. A call's price crosses as an index into the batch's prices (cloned as values: a batch holds the prices of
 * a few models), looked up here where the call has none (the lookup is the caller's function). Only transcripts and
 * refusals (rare; large or small) go as values too. The buffer is sized to the batch exactly: a large typed array is
 * costly to allocate and to hand over, whatever part of it is used.
 */
export interface EncodedBatch {
  numbers: Float64Array<ArrayBuffer>;
  /** How many of `numbers` are used. */
  count: number;
  /** Every string of the calls and turns, one after another; their lengths are in `numbers`. */
  text: string;
  values: unknown[];
  /** The calls' prices, each once (a call's number is its index, or -1 for none). */
  prices: Price[];
}

const CALL = 0;
const TURN = 1;
const VALUE = 2;
/** A string's slot in the numbers: its length in `text`, or one of these. An absent number is NaN (stored ones are finite). */
const ABSENT = -2;
/** The same string as the last one written in this field's slot, in this batch. */
const SAME = -3;

/**
 * Where each string field remembers its last value (see `SAME`). A turn's fields share the call's slots where they
 * usually hold the same string: its conversation is its calls' unit, its call the id of the call recorded just before.
 */
const SLOT = {
  id: 0,
  purpose: 1,
  collection: 2,
  keyName: 3,
  alias: 4,
  provider: 5,
  status: 6,
  errorClass: 7,
  errorMessage: 8,
  finishReason: 9,
  unit: 10,
  shape: 11,
  via: 12,
  providerKey: 13,
  warning: 14,
  triedAlias: 15,
  triedError: 16,
} as const;
const SLOTS_USED = 17;
const USAGE_SLOTS = 6;
/** Numbers a call takes before its warnings (its tag, the clock, 22 fields, its usage), and a turn before its members tried. */
const CALL_SLOTS = 24 + USAGE_SLOTS;
const TURN_SLOTS = 14 + USAGE_SLOTS;

/** The numbers `encodeWriteBatch` writes for these items, exactly. */
function slotsOf(batch: readonly QueuedWrite[]): number {
  let slots = 0;
  for (const item of batch) {
    if (item.kind === 'call') slots += CALL_SLOTS + (item.input.warnings?.length ?? 0);
    else if (item.kind === 'turn') slots += TURN_SLOTS + 2 * (item.input.tried?.length ?? 0);
    else slots += 1;
  }
  return slots;
}

/** Writes the numbers and the text of one batch into a buffer of the batch's size (`slotsOf`). */
class BatchWriter {
  readonly numbers: Float64Array<ArrayBuffer>;
  count = 0;
  text = '';
  readonly prices: Price[] = [];
  /** The last string written in each slot. */
  readonly last: (string | undefined)[] = new Array(SLOTS_USED).fill(undefined);

  constructor(slots: number) {
    this.numbers = new Float64Array(slots);
  }

  number(value: number | undefined): void {
    this.numbers[this.count++] = value === undefined ? Number.NaN : value;
  }

  string(value: string | undefined, slot: number): void {
    if (value === undefined) this.numbers[this.count++] = ABSENT;
    else if (value === this.last[slot]) this.numbers[this.count++] = SAME;
    else {
      this.last[slot] = value;
      this.numbers[this.count++] = value.length;
      this.text += value;
    }
  }

  usage(u: CallUsage | undefined): void {
    if (u === undefined) {
      this.numbers.fill(Number.NaN, this.count, this.count + USAGE_SLOTS);
      this.count += USAGE_SLOTS;
      return;
    }
    this.number(u.inputTokens);
    this.number(u.outputTokens);
    this.number(u.reasoningTokens);
    this.number(u.cachedInputTokens);
    this.number(u.cacheWriteTokens);
    this.number(u.cacheWrite1hTokens);
  }

  /** The price's index in the batch's prices: the last one's again when it has the same rates (usually the same object). */
  price(p: Price | undefined): void {
    if (p === undefined) {
      this.numbers[this.count++] = -1;
      return;
    }
    const at = this.prices.length - 1;
    const last = this.prices[at];
    if (last === undefined || !samePrice(p, last)) this.prices.push(p);
    this.numbers[this.count++] = this.prices.length - 1;
  }
}

function samePrice(a: Price, b: Price): boolean {
  return (
    a === b ||
    (a.input === b.input &&
      a.output === b.output &&
      a.cacheRead === b.cacheRead &&
      a.cacheWrite === b.cacheWrite &&
      a.cacheWrite1h === b.cacheWrite1h &&
      a.longContext === b.longContext)
  );
}

/**
 * Written field by field (a generic loop over a layout measured three times slower: every property read by a computed
 * name), read back in the same order by `readCall`; `write-batch-codec.test.ts` round-trips inputs with every field set apart.
 */
function writeCall(w: BatchWriter, r: CallInput, time: number, lookup: PriceLookup | undefined): void {
  w.number(CALL);
  w.number(time);
  w.string(r.id, SLOT.id);
  w.number(r.time);
  w.string(r.purpose, SLOT.purpose);
  w.string(r.collection, SLOT.collection);
  w.string(r.keyName, SLOT.keyName);
  w.string(r.alias, SLOT.alias);
  w.string(r.provider, SLOT.provider);
  w.string(r.status, SLOT.status);
  w.string(r.errorClass, SLOT.errorClass);
  w.string(r.errorMessage, SLOT.errorMessage);
  w.usage(r.usage);
  w.price(r.price ?? lookup?.(r.alias, r.provider));
  w.number(r.seconds);
  w.number(r.firstPieceSeconds);
  w.string(r.finishReason, SLOT.finishReason);
  w.number(r.toolCalls);
  w.number(r.textChars);
  w.string(r.unit, SLOT.unit);
  w.string(r.shape, SLOT.shape);
  w.string(r.via, SLOT.via);
  w.string(r.providerKey, SLOT.providerKey);
  w.number(r.request ? 1 : 0);
  const warnings = r.warnings ?? [];
  w.number(warnings.length);
  for (const warning of warnings) w.string(warning, SLOT.warning);
}

function writeTurn(w: BatchWriter, r: TurnInput, time: number): void {
  w.number(TURN);
  w.number(time);
  w.string(r.conversation, SLOT.unit);
  w.number(r.turn);
  w.number(r.time);
  w.string(r.collection, SLOT.collection);
  w.string(r.call, SLOT.id);
  w.string(r.alias, SLOT.alias);
  w.string(r.status, SLOT.status);
  w.number(r.seconds);
  w.number(r.firstTokenSeconds);
  w.usage(r.usage);
  w.number(r.toolCalls);
  w.string(r.finishReason, SLOT.finishReason);
  const tried = r.tried ?? [];
  w.number(tried.length);
  for (const member of tried) {
    w.string(member.alias, SLOT.triedAlias);
    w.string(member.error, SLOT.triedError);
  }
}

/** `price`: the ledger's lookup for a call without a price of its own. */
export function encodeWriteBatch(batch: readonly QueuedWrite[], price: PriceLookup | undefined): EncodedBatch {
  const w = new BatchWriter(slotsOf(batch));
  const values: unknown[] = [];
  for (const item of batch) {
    if (item.kind === 'call') writeCall(w, item.input, item.time, price);
    else if (item.kind === 'turn') writeTurn(w, item.input, item.time);
    else {
      // Transcripts and refusals are rare: each crosses whole, by structured clone.
      w.number(VALUE);
      values.push(item);
    }
  }
  // A typed array drops what is written past its end: a layout that outgrew `slotsOf` fails here, not in the worker.
  if (w.count !== w.numbers.length) throw new Error(`a write batch took ${w.count} numbers where ${w.numbers.length} were counted`);
  return { numbers: w.numbers, count: w.count, text: w.text, values, prices: w.prices };
}

/** Reads a batch back in `encodeWriteBatch`'s order, as the inputs it was made of. */
class BatchReader {
  n = 0;
  #at = 0;
  readonly #last: (string | undefined)[] = new Array(SLOTS_USED).fill(undefined);

  constructor(readonly encoded: EncodedBatch) {}

  number(): number | undefined {
    const value = this.encoded.numbers[this.n++] as number;
    return Number.isNaN(value) ? undefined : value;
  }

  string(slot: number): string | undefined {
    const length = this.encoded.numbers[this.n++] as number;
    if (length === ABSENT) return undefined;
    if (length === SAME) return this.#last[slot];
    this.#at += length;
    const value = this.encoded.text.slice(this.#at - length, this.#at);
    this.#last[slot] = value;
    return value;
  }

  usage(): CallUsage {
    const usage: CallUsage = {};
    set(usage, 'inputTokens', this.number());
    set(usage, 'outputTokens', this.number());
    set(usage, 'reasoningTokens', this.number());
    set(usage, 'cachedInputTokens', this.number());
    set(usage, 'cacheWriteTokens', this.number());
    set(usage, 'cacheWrite1hTokens', this.number());
    return usage;
  }

  price(): Price | undefined {
    const at = this.encoded.numbers[this.n++] as number;
    return at === -1 ? undefined : this.encoded.prices[at];
  }
}

/** Sets `key` where `value` is there: an absent field stays absent. */
function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function readCall(r: BatchReader): QueuedWrite {
  const time = r.number() as number;
  const input = { id: r.string(SLOT.id) } as CallInput;
  set(input, 'time', r.number());
  input.purpose = r.string(SLOT.purpose) as CallInput['purpose'];
  set(input, 'collection', r.string(SLOT.collection));
  set(input, 'keyName', r.string(SLOT.keyName));
  input.alias = r.string(SLOT.alias) as string;
  set(input, 'provider', r.string(SLOT.provider));
  input.status = r.string(SLOT.status) as string;
  set(input, 'errorClass', r.string(SLOT.errorClass));
  set(input, 'errorMessage', r.string(SLOT.errorMessage));
  input.usage = r.usage();
  set(input, 'price', r.price());
  set(input, 'seconds', r.number());
  set(input, 'firstPieceSeconds', r.number());
  set(input, 'finishReason', r.string(SLOT.finishReason));
  set(input, 'toolCalls', r.number());
  set(input, 'textChars', r.number());
  set(input, 'unit', r.string(SLOT.unit));
  set(input, 'shape', r.string(SLOT.shape));
  set(input, 'via', r.string(SLOT.via));
  set(input, 'providerKey', r.string(SLOT.providerKey));
  if (r.number() === 1) input.request = true;
  input.warnings = Array.from({ length: r.number() as number }, () => r.string(SLOT.warning) as string);
  return { kind: 'call', input, time };
}

function readTurn(r: BatchReader): QueuedWrite {
  const time = r.number() as number;
  const input = { conversation: r.string(SLOT.unit), turn: r.number() } as TurnInput;
  set(input, 'time', r.number());
  set(input, 'collection', r.string(SLOT.collection));
  set(input, 'call', r.string(SLOT.id));
  input.alias = r.string(SLOT.alias) as string;
  input.status = r.string(SLOT.status) as string;
  set(input, 'seconds', r.number());
  set(input, 'firstTokenSeconds', r.number());
  input.usage = r.usage();
  set(input, 'toolCalls', r.number());
  set(input, 'finishReason', r.string(SLOT.finishReason));
  input.tried = Array.from({ length: r.number() as number }, (): TriedMember => {
    const alias = r.string(SLOT.triedAlias) as string;
    const error = r.string(SLOT.triedError);
    return error === undefined ? { alias } : { alias, error };
  });
  return { kind: 'turn', input, time };
}

/** The batch's records, built as the ledger builds them for any store (`toWriteItem`), with the prices it carried. */
export function decodeWriteBatch(encoded: EncodedBatch): WriteItem[] {
  const batch: WriteItem[] = [];
  const r = new BatchReader(encoded);
  let v = 0;
  while (r.n < encoded.count) {
    const tag = encoded.numbers[r.n++];
    const item = tag === CALL ? readCall(r) : tag === TURN ? readTurn(r) : tag === VALUE ? (encoded.values[v++] as QueuedWrite) : undefined;
    if (!item) throw new Error(`a write batch for the SQLite worker holds an unknown record tag ${String(tag)} at ${r.n - 1}`);
    // The call's price crossed with it: no lookup here.
    batch.push(toWriteItem(item, undefined));
  }
  return batch;
}
