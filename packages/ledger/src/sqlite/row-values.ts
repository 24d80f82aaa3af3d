import type { CallRow } from '../sql/call-row';
import type { TurnRow } from '../sql/turn-row';

// Rows are bound by position: SQLite binds an array of values in well under the time it takes to look up named parameters.
export const CALL_COLUMNS = [
  'id',
  'time',
  'purpose',
  'collection',
  'key_name',
  'alias',
  'provider',
  'status',
  'error_class',
  'error_message',
  'input_tokens',
  'output_tokens',
  'reasoning_tokens',
  'cached_tokens',
  'cost',
  'seconds',
  'first_piece_seconds',
  'finish_reason',
  'tool_calls',
  'warnings',
  'unit',
  'cache_write_tokens',
  'cache_write_1h_tokens',
  'shape',
  'via',
  'text_chars',
  'provider_key',
] as const satisfies readonly (keyof CallRow)[];

export const TURN_COLUMNS = [
  'conversation',
  'turn',
  'time',
  'collection',
  'call',
  'alias',
  'status',
  'seconds',
  'first_token_seconds',
  'input_tokens',
  'output_tokens',
  'reasoning_tokens',
  'cached_tokens',
  'tool_calls',
  'finish_reason',
  'tried',
  'cache_write_tokens',
] as const satisfies readonly (keyof TurnRow)[];

/** A call row's values in CALL_COLUMNS order. */
export function callRowValues(row: CallRow): unknown[] {
  return [
    row.id,
    row.time,
    row.purpose,
    row.collection,
    row.key_name,
    row.alias,
    row.provider,
    row.status,
    row.error_class,
    row.error_message,
    row.input_tokens,
    row.output_tokens,
    row.reasoning_tokens,
    row.cached_tokens,
    row.cost,
    row.seconds,
    row.first_piece_seconds,
    row.finish_reason,
    row.tool_calls,
    row.warnings,
    row.unit,
    row.cache_write_tokens,
    row.cache_write_1h_tokens,
    row.shape,
    row.via,
    row.text_chars,
    row.provider_key,
  ];
}

/** A turn row's values in TURN_COLUMNS order. */
export function turnRowValues(row: TurnRow): unknown[] {
  return [
    row.conversation,
    row.turn,
    row.time,
    row.collection,
    row.call,
    row.alias,
    row.status,
    row.seconds,
    row.first_token_seconds,
    row.input_tokens,
    row.output_tokens,
    row.reasoning_tokens,
    row.cached_tokens,
    row.tool_calls,
    row.finish_reason,
    row.tried,
    row.cache_write_tokens,
  ];
}
