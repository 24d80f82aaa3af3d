import type { TriedMember, TurnRecord } from '../turn-record';
import { nullableNumber } from './call-row';

export interface TurnRow {
  conversation: string;
  turn: number;
  time: number;
  collection: string;
  call: string | null;
  alias: string;
  status: string;
  seconds: number | null;
  first_token_seconds: number | null;
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  cache_write_tokens: number;
  tool_calls: number;
  finish_reason: string | null;
  tried: string;
}

/** `col = excluded.col` for every column but the key: a stored turn replaced by a new record (see turn-replacement.ts). */
export function turnReplacementSet(columns: readonly (keyof TurnRow)[]): string {
  return columns
    .filter((c) => c !== 'conversation' && c !== 'turn')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
}

export function turnToRow(turn: TurnRecord): TurnRow {
  return {
    conversation: turn.conversation,
    turn: turn.turn,
    time: turn.time,
    collection: turn.collection ?? '',
    call: turn.call,
    alias: turn.alias,
    status: turn.status,
    seconds: turn.seconds,
    first_token_seconds: turn.firstTokenSeconds,
    input_tokens: turn.inputTokens,
    output_tokens: turn.outputTokens,
    reasoning_tokens: turn.reasoningTokens,
    cached_tokens: turn.cachedTokens,
    cache_write_tokens: turn.cacheWriteTokens,
    tool_calls: turn.toolCalls,
    finish_reason: turn.finishReason,
    tried: JSON.stringify(turn.tried),
  };
}

export function rowToTurn(row: TurnRow): TurnRecord {
  return {
    conversation: row.conversation,
    turn: Number(row.turn),
    time: Number(row.time),
    collection: row.collection === '' ? null : row.collection,
    call: row.call,
    alias: row.alias,
    status: row.status,
    seconds: nullableNumber(row.seconds),
    firstTokenSeconds: nullableNumber(row.first_token_seconds),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    reasoningTokens: Number(row.reasoning_tokens),
    cachedTokens: Number(row.cached_tokens),
    cacheWriteTokens: Number(row.cache_write_tokens),
    toolCalls: Number(row.tool_calls),
    finishReason: row.finish_reason,
    tried: JSON.parse(row.tried) as TriedMember[],
  };
}
