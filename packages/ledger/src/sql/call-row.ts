import type { CallPurpose, CallRecord } from '../call-record';

/** A `calls` row, column for column (SQLite and Postgres share the names). */
export interface CallRow {
  id: string;
  time: number;
  purpose: string;
  collection: string;
  key_name: string | null;
  alias: string;
  provider: string | null;
  status: string;
  error_class: string | null;
  error_message: string | null;
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  cache_write_tokens: number;
  cache_write_1h_tokens: number;
  cost: number | null;
  seconds: number | null;
  first_piece_seconds: number | null;
  finish_reason: string | null;
  tool_calls: number;
  warnings: string | null;
  unit: string;
  shape: string;
  via: string | null;
  text_chars: number | null;
  provider_key: string | null;
  /** 1 when the call stands for its request, else null. */
  request: number | null;
}

/** Bare-alias calls have no collection; stored as '' so it can be part of keys. */
export function callToRow(call: CallRecord): CallRow {
  return {
    id: call.id,
    time: call.time,
    purpose: call.purpose,
    collection: call.collection ?? '',
    key_name: call.keyName,
    alias: call.alias,
    provider: call.provider,
    status: call.status,
    error_class: call.errorClass,
    error_message: call.errorMessage,
    input_tokens: call.inputTokens,
    output_tokens: call.outputTokens,
    reasoning_tokens: call.reasoningTokens,
    cached_tokens: call.cachedTokens,
    cache_write_tokens: call.cacheWriteTokens,
    cache_write_1h_tokens: call.cacheWrite1hTokens,
    cost: call.cost,
    seconds: call.seconds,
    first_piece_seconds: call.firstPieceSeconds,
    finish_reason: call.finishReason,
    tool_calls: call.toolCalls,
    warnings: call.warnings.length > 0 ? JSON.stringify(call.warnings) : null,
    unit: call.unit,
    shape: call.shape,
    via: call.via ?? null,
    text_chars: call.textChars,
    provider_key: call.providerKey ?? null,
    request: call.request ? 1 : null,
  };
}

/** Postgres returns BIGINT as strings: every number goes through `Number`. */
export function rowToCall(row: CallRow): CallRecord {
  return {
    id: row.id,
    time: Number(row.time),
    purpose: row.purpose as CallPurpose,
    collection: row.collection === '' ? null : row.collection,
    keyName: row.key_name,
    alias: row.alias,
    provider: row.provider,
    status: row.status,
    errorClass: row.error_class,
    errorMessage: row.error_message,
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    reasoningTokens: Number(row.reasoning_tokens),
    cachedTokens: Number(row.cached_tokens),
    cacheWriteTokens: Number(row.cache_write_tokens),
    cacheWrite1hTokens: Number(row.cache_write_1h_tokens),
    cost: nullableNumber(row.cost),
    seconds: nullableNumber(row.seconds),
    firstPieceSeconds: nullableNumber(row.first_piece_seconds),
    finishReason: row.finish_reason,
    toolCalls: Number(row.tool_calls),
    warnings: row.warnings ? (JSON.parse(row.warnings) as string[]) : [],
    unit: row.unit,
    shape: row.shape,
    ...(row.via ? { via: row.via } : {}),
    textChars: row.text_chars === null ? null : Number(row.text_chars),
    ...(row.provider_key ? { providerKey: row.provider_key } : {}),
    ...(Number(row.request) === 1 ? { request: true as const } : {}),
  };
}

export function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
