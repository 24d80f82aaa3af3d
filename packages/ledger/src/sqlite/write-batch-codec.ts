import type { CallRecord } from '../call-record';
import type { WriteItem } from '../ledger-store';
import type { TurnRecord } from '../turn-record';

/**
 * A batch as it crosses to the SQLite worker: one flat array of values, each record's fields in a fixed order after a
 * tag. Structured clone writes every object's property names again for every record (about half of what a call and
 * a turn cost the serving thread to post); a flat array of values carries none. Transcripts (rare, large, nested)
 * cross as they are.
 */
export type EncodedBatch = unknown[];

const CALL = 0;
const TURN = 1;
const TRANSCRIPT = 2;

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

/** Fields a record leaves out rather than holds as null. */
const OPTIONAL = new Set<string>(['via', 'providerKey']);

export function encodeWriteBatch(batch: readonly WriteItem[]): EncodedBatch {
  const out: unknown[] = [];
  for (const item of batch) {
    if (item.kind === 'call') {
      out.push(CALL);
      const record = item.record;
      for (const field of CALL_FIELDS) out.push(record[field]);
    } else if (item.kind === 'turn') {
      out.push(TURN);
      const record = item.record;
      for (const field of TURN_FIELDS) out.push(record[field]);
    } else {
      out.push(TRANSCRIPT, item.record);
    }
  }
  return out;
}

export function decodeWriteBatch(encoded: EncodedBatch): WriteItem[] {
  const batch: WriteItem[] = [];
  let at = 0;
  const read = (fields: readonly string[]) => {
    const record: Record<string, unknown> = {};
    for (const field of fields) {
      const value = encoded[at++];
      if (value !== undefined || !OPTIONAL.has(field)) record[field] = value;
    }
    return record;
  };
  while (at < encoded.length) {
    const tag = encoded[at++];
    if (tag === CALL) batch.push({ kind: 'call', record: read(CALL_FIELDS) as unknown as CallRecord });
    else if (tag === TURN) batch.push({ kind: 'turn', record: read(TURN_FIELDS) as unknown as TurnRecord });
    else if (tag === TRANSCRIPT) batch.push({ kind: 'transcript', record: encoded[at++] as Extract<WriteItem, { kind: 'transcript' }>['record'] });
    else throw new Error(`a write batch for the SQLite worker holds an unknown record tag ${String(tag)} at ${at - 1}`);
  }
  return batch;
}
