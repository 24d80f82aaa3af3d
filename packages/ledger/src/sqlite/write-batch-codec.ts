import type { CallRecord } from '../call-record';
import type { WriteItem } from '../ledger-store';
import type { TurnRecord } from '../turn-record';

/**
 * A batch as it crosses to the SQLite worker. Structured clone writes every object's property names again for every
 * record (about half of what a call and a turn cost the serving thread to post); here each record's fields go in a
 * fixed order, the numbers into one Float64Array (transferred, not copied) and the strings, arrays and transcripts
 * (rare, large, nested) into one array. A string field's slot in the numbers says whether it is there.
 */
export interface EncodedBatch {
  numbers: Float64Array<ArrayBuffer>;
  /** How many of `numbers` are used. */
  count: number;
  values: unknown[];
}

const CALL = 0;
const TURN = 1;
const TRANSCRIPT = 2;
const REFUSAL = 3;
/** A string field's slot in the numbers: its value is the next of `values`, or it is null, or absent (optional fields). */
const PRESENT = 1;
const NULL = 0;
const ABSENT = -1;

const CALL_FIELDS = [
  'id',
  'time',
  'purpose',
  'collection',
  'keyName',
  'alias',
  'provider',
  'status',
  'errorClass',
  'errorMessage',
  'inputTokens',
  'outputTokens',
  'reasoningTokens',
  'cachedTokens',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'cost',
  'seconds',
  'firstPieceSeconds',
  'finishReason',
  'toolCalls',
  'textChars',
  'warnings',
  'unit',
  'shape',
  'via',
  'providerKey',
  'request',
] as const satisfies readonly (keyof CallRecord)[];

const TURN_FIELDS = [
  'conversation',
  'turn',
  'time',
  'collection',
  'call',
  'alias',
  'status',
  'seconds',
  'firstTokenSeconds',
  'inputTokens',
  'outputTokens',
  'reasoningTokens',
  'cachedTokens',
  'cacheWriteTokens',
  'toolCalls',
  'finishReason',
  'tried',
] as const satisfies readonly (keyof TurnRecord)[];

/** A field added to a record and not to its list fails to compile here. */
type Unlisted = Exclude<keyof CallRecord, (typeof CALL_FIELDS)[number]> | Exclude<keyof TurnRecord, (typeof TURN_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** Fields held as numbers (null as NaN: a stored number is always finite); every other field is a string or an array. */
const NUMBERS = new Set<string>([
  'time',
  'turn',
  'inputTokens',
  'outputTokens',
  'reasoningTokens',
  'cachedTokens',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'cost',
  'seconds',
  'firstPieceSeconds',
  'firstTokenSeconds',
  'toolCalls',
  'textChars',
]);
/** Slots a call or a turn takes at most in the numbers: its tag and one a field. */
const SLOTS = 1 + Math.max(CALL_FIELDS.length, TURN_FIELDS.length);
const CALL_NUMBERS = CALL_FIELDS.map((field) => NUMBERS.has(field));
const TURN_NUMBERS = TURN_FIELDS.map((field) => NUMBERS.has(field));

export function encodeWriteBatch(batch: readonly WriteItem[]): EncodedBatch {
  const numbers = new Float64Array(batch.length * SLOTS);
  const values: unknown[] = [];
  let n = 0;
  const put = (record: Record<string, unknown>, fields: readonly string[], isNumber: readonly boolean[]) => {
    for (let i = 0; i < fields.length; i += 1) {
      const value = record[fields[i] as string];
      if (isNumber[i]) numbers[n++] = value === null ? Number.NaN : (value as number);
      else if (value === null) numbers[n++] = NULL;
      else if (value === undefined) numbers[n++] = ABSENT;
      else {
        numbers[n++] = PRESENT;
        values.push(value);
      }
    }
  };
  for (const item of batch) {
    if (item.kind === 'call') {
      numbers[n++] = CALL;
      put(item.record as unknown as Record<string, unknown>, CALL_FIELDS, CALL_NUMBERS);
    } else if (item.kind === 'turn') {
      numbers[n++] = TURN;
      put(item.record as unknown as Record<string, unknown>, TURN_FIELDS, TURN_NUMBERS);
    } else {
      // Transcripts and refusals are rare: each crosses whole, by structured clone.
      numbers[n++] = item.kind === 'transcript' ? TRANSCRIPT : REFUSAL;
      values.push(item.record);
    }
  }
  return { numbers, count: n, values };
}

export function decodeWriteBatch({ numbers, count, values }: EncodedBatch): WriteItem[] {
  const batch: WriteItem[] = [];
  let n = 0;
  let v = 0;
  const read = (fields: readonly string[], isNumber: readonly boolean[]) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i += 1) {
      const slot = numbers[n++] as number;
      const field = fields[i] as string;
      if (isNumber[i]) record[field] = Number.isNaN(slot) ? null : slot;
      else if (slot === PRESENT) record[field] = values[v++];
      else if (slot === NULL) record[field] = null;
    }
    return record;
  };
  while (n < count) {
    const tag = numbers[n++];
    if (tag === CALL) batch.push({ kind: 'call', record: read(CALL_FIELDS, CALL_NUMBERS) as unknown as CallRecord });
    else if (tag === TURN) batch.push({ kind: 'turn', record: read(TURN_FIELDS, TURN_NUMBERS) as unknown as TurnRecord });
    else if (tag === TRANSCRIPT) batch.push({ kind: 'transcript', record: values[v++] as Extract<WriteItem, { kind: 'transcript' }>['record'] });
    else if (tag === REFUSAL) batch.push({ kind: 'refusal', record: values[v++] as Extract<WriteItem, { kind: 'refusal' }>['record'] });
    else throw new Error(`a write batch for the SQLite worker holds an unknown record tag ${String(tag)} at ${n - 1}`);
  }
  return batch;
}
