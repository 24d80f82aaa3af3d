import type { CallRecord } from '../call-record';
import type { WriteItem } from '../ledger-store';
import type { TurnRecord } from '../turn-record';

/**
 * A batch as it crosses to the SQLite worker. Structured clone costs the posting thread per value it writes (a
 * property name per field of every record, a tag and a copy per string), so calls and turns go field by field in a
 * fixed order: numbers, and every string's length, into one Float64Array (transferred, not copied), the strings
 * themselves joined into one string (cloned as one copy). A string equal to the last one written in its slot (the
 * same collection, key, alias, conversation record after record; a turn's call, the call id just written) crosses
 * as a marker instead: a batch's text is then little more than its call ids, and each string left out is a piece
 * of the joined text the posting thread neither adds nor flattens. Only transcripts (rare, large, nested) go as values.
 */
export interface EncodedBatch {
  numbers: Float64Array<ArrayBuffer>;
  /** How many of `numbers` are used. */
  count: number;
  /** Every string of the calls and turns, one after another; their lengths are in `numbers`. */
  text: string;
  values: unknown[];
}

const CALL = 0;
const TURN = 1;
const TRANSCRIPT = 2;
const REFUSAL = 3;
/** A string field's slot in the numbers: its length in `text`, or one of these. */
const NULL = -1;
const ABSENT = -2;
/** The same string as the last one written in this field's slot, in this batch. */
const SAME = -3;

/**
 * How a field crosses: a number (null as NaN: a stored number is always finite), a string, a flag (`true` as 1, absent
 * as 0), a call's warnings, a turn's tried members.
 */
type FieldKind = 'number' | 'string' | 'flag' | 'strings' | 'tried';
const N = 'number';
const S = 'string';

const CALL_FIELDS = {
  id: S,
  time: N,
  purpose: S,
  collection: S,
  keyName: S,
  alias: S,
  provider: S,
  status: S,
  errorClass: S,
  errorMessage: S,
  inputTokens: N,
  outputTokens: N,
  reasoningTokens: N,
  cachedTokens: N,
  cacheWriteTokens: N,
  cacheWrite1hTokens: N,
  cost: N,
  seconds: N,
  firstPieceSeconds: N,
  finishReason: S,
  toolCalls: N,
  textChars: N,
  warnings: 'strings',
  unit: S,
  shape: S,
  via: S,
  providerKey: S,
  request: 'flag',
} as const satisfies Record<keyof CallRecord, FieldKind>;

const TURN_FIELDS = {
  conversation: S,
  turn: N,
  time: N,
  collection: S,
  call: S,
  alias: S,
  status: S,
  seconds: N,
  firstTokenSeconds: N,
  inputTokens: N,
  outputTokens: N,
  reasoningTokens: N,
  cachedTokens: N,
  cacheWriteTokens: N,
  toolCalls: N,
  finishReason: S,
  tried: 'tried',
} as const satisfies Record<keyof TurnRecord, FieldKind>;

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
const TURN_SLOT: Partial<Record<keyof TurnRecord, keyof typeof SLOT>> = { conversation: 'unit', call: 'id' };

interface Layout {
  names: string[];
  kinds: FieldKind[];
  /** Each string field's slot (-1 for other fields). */
  slots: number[];
}
const layout = (fields: Record<string, FieldKind>, shared: Record<string, string> = {}): Layout => {
  const names = Object.keys(fields);
  const slots = names.map((name) => (fields[name] === S ? (SLOT[(shared[name] ?? name) as keyof typeof SLOT] ?? -1) : -1));
  return { names, kinds: Object.values(fields), slots };
};
const CALL_LAYOUT = layout(CALL_FIELDS);
const TURN_LAYOUT = layout(TURN_FIELDS, TURN_SLOT);
/** Slots a call or a turn takes before its arrays' items: its tag and one a field. */
const SLOTS = 1 + Math.max(CALL_LAYOUT.names.length, TURN_LAYOUT.names.length);

/** Writes the numbers and the text of one batch; grows its buffer when arrays make records longer than `SLOTS`. */
class BatchWriter {
  numbers: Float64Array<ArrayBuffer>;
  count = 0;
  text = '';

  constructor(records: number) {
    this.numbers = new Float64Array(records * SLOTS + 16);
  }

  room(slots: number): void {
    if (this.count + slots <= this.numbers.length) return;
    const grown = new Float64Array(Math.max(this.numbers.length * 2, this.count + slots));
    grown.set(this.numbers);
    this.numbers = grown;
  }

  /** The last string written in each slot. */
  readonly last: (string | undefined)[] = new Array(SLOTS_USED).fill(undefined);

  number(value: number | null): void {
    this.numbers[this.count++] = value === null ? Number.NaN : value;
  }

  string(value: string | null | undefined, slot: number): void {
    if (typeof value !== 'string') this.numbers[this.count++] = value === null ? NULL : ABSENT;
    else if (value === this.last[slot]) this.numbers[this.count++] = SAME;
    else {
      this.last[slot] = value;
      this.numbers[this.count++] = value.length;
      this.text += value;
    }
  }
}

/**
 * Written field by field in the layouts' order (a generic loop over the layout measured three times slower: every
 * property read by a computed name); `write-batch-codec.test.ts` round-trips records with every field set apart.
 */
function writeCall(w: BatchWriter, r: CallRecord): void {
  w.number(CALL);
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
  w.number(r.inputTokens);
  w.number(r.outputTokens);
  w.number(r.reasoningTokens);
  w.number(r.cachedTokens);
  w.number(r.cacheWriteTokens);
  w.number(r.cacheWrite1hTokens);
  w.number(r.cost);
  w.number(r.seconds);
  w.number(r.firstPieceSeconds);
  w.string(r.finishReason, SLOT.finishReason);
  w.number(r.toolCalls);
  w.number(r.textChars);
  w.number(r.warnings.length);
  w.room(r.warnings.length + SLOTS); // the fields after it too
  for (const warning of r.warnings) w.string(warning, SLOT.warning);
  w.string(r.unit, SLOT.unit);
  w.string(r.shape, SLOT.shape);
  w.string(r.via, SLOT.via);
  w.string(r.providerKey, SLOT.providerKey);
  w.number(r.request ? 1 : 0);
}

function writeTurn(w: BatchWriter, r: TurnRecord): void {
  w.number(TURN);
  w.string(r.conversation, SLOT.unit);
  w.number(r.turn);
  w.number(r.time);
  w.string(r.collection, SLOT.collection);
  w.string(r.call, SLOT.id);
  w.string(r.alias, SLOT.alias);
  w.string(r.status, SLOT.status);
  w.number(r.seconds);
  w.number(r.firstTokenSeconds);
  w.number(r.inputTokens);
  w.number(r.outputTokens);
  w.number(r.reasoningTokens);
  w.number(r.cachedTokens);
  w.number(r.cacheWriteTokens);
  w.number(r.toolCalls);
  w.string(r.finishReason, SLOT.finishReason);
  w.number(r.tried.length);
  w.room(2 * r.tried.length + SLOTS);
  for (const member of r.tried) {
    w.string(member.alias, SLOT.triedAlias);
    w.string(member.error, SLOT.triedError);
  }
}

export function encodeWriteBatch(batch: readonly WriteItem[]): EncodedBatch {
  const w = new BatchWriter(batch.length);
  const values: unknown[] = [];
  for (const item of batch) {
    w.room(SLOTS);
    if (item.kind === 'call') writeCall(w, item.record);
    else if (item.kind === 'turn') writeTurn(w, item.record);
    else {
      // Transcripts and refusals are rare: each crosses whole, by structured clone.
      w.number(item.kind === 'transcript' ? TRANSCRIPT : REFUSAL);
      values.push(item.record);
    }
  }
  return { numbers: w.numbers, count: w.count, text: w.text, values };
}

export function decodeWriteBatch({ numbers, count, text, values }: EncodedBatch): WriteItem[] {
  const batch: WriteItem[] = [];
  let n = 0;
  let at = 0;
  let v = 0;
  const last: (string | undefined)[] = new Array(SLOTS_USED).fill(undefined);
  /** The next string in its slot, null, or undefined where the field was absent. */
  const takeString = (slot: number) => {
    const length = numbers[n++] as number;
    if (length === NULL) return null;
    if (length === ABSENT) return undefined;
    if (length === SAME) return last[slot];
    at += length;
    const value = text.slice(at - length, at);
    last[slot] = value;
    return value;
  };
  const read = ({ names, kinds, slots }: Layout) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i] as string;
      const kind = kinds[i];
      if (kind === N) {
        const slot = numbers[n++] as number;
        record[name] = Number.isNaN(slot) ? null : slot;
      } else if (kind === S) {
        const value = takeString(slots[i] as number);
        if (value !== undefined) record[name] = value;
      } else if (kind === 'flag') {
        if (numbers[n++] === 1) record[name] = true;
      } else if (kind === 'strings') {
        record[name] = Array.from({ length: numbers[n++] as number }, () => takeString(SLOT.warning));
      } else {
        record[name] = Array.from({ length: numbers[n++] as number }, () => {
          const alias = takeString(SLOT.triedAlias) as string;
          const error = takeString(SLOT.triedError);
          return error === undefined ? { alias } : { alias, error };
        });
      }
    }
    return record;
  };
  while (n < count) {
    const tag = numbers[n++];
    if (tag === CALL) batch.push({ kind: 'call', record: read(CALL_LAYOUT) as unknown as CallRecord });
    else if (tag === TURN) batch.push({ kind: 'turn', record: read(TURN_LAYOUT) as unknown as TurnRecord });
    else if (tag === TRANSCRIPT) batch.push({ kind: 'transcript', record: values[v++] as Extract<WriteItem, { kind: 'transcript' }>['record'] });
    else if (tag === REFUSAL) batch.push({ kind: 'refusal', record: values[v++] as Extract<WriteItem, { kind: 'refusal' }>['record'] });
    else throw new Error(`a write batch for the SQLite worker holds an unknown record tag ${String(tag)} at ${n - 1}`);
  }
  return batch;
}
