import type { CallRecord } from '../call-record';
import { type CallRow, callToRow } from '../sql/call-row';

/**
 * The columns an export writes, in its order (the CSV's header, the keys of each JSON line), each with the `calls`
 * column it is read from. The SQL stores select exactly these, as arrays (see EXPORT_SELECT): building a row object
 * of every column cost SQLite's driver more than the rest of the export together.
 */
export const EXPORT_COLUMNS = [
  ['id', 'id'],
  ['time', 'time'],
  ['purpose', 'purpose'],
  ['collection', 'collection'],
  ['keyName', 'key_name'],
  ['alias', 'alias'],
  ['provider', 'provider'],
  ['status', 'status'],
  ['errorClass', 'error_class'],
  ['errorMessage', 'error_message'],
  ['inputTokens', 'input_tokens'],
  ['outputTokens', 'output_tokens'],
  ['reasoningTokens', 'reasoning_tokens'],
  ['cachedTokens', 'cached_tokens'],
  ['cost', 'cost'],
  ['seconds', 'seconds'],
  ['firstPieceSeconds', 'first_piece_seconds'],
  ['finishReason', 'finish_reason'],
  ['toolCalls', 'tool_calls'],
  ['warnings', 'warnings'],
  ['unit', 'unit'],
  ['cacheWriteTokens', 'cache_write_tokens'],
  ['cacheWrite1hTokens', 'cache_write_1h_tokens'],
  ['shape', 'shape'],
  ['textChars', 'text_chars'],
  ['providerKey', 'provider_key'],
  ['via', 'via'],
  ['request', 'request'],
] as const satisfies ReadonlyArray<readonly [keyof CallRecord, keyof CallRow]>;

/** The columns whose values are numbers (Postgres hands its BIGINTs over as strings: JSON Lines writes them as numbers). */
export const NUMBER_COLUMNS: ReadonlySet<(typeof EXPORT_COLUMNS)[number][0]> = new Set([
  'time',
  'inputTokens',
  'outputTokens',
  'reasoningTokens',
  'cachedTokens',
  'cost',
  'seconds',
  'firstPieceSeconds',
  'toolCalls',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'textChars',
]);

/**
 * A call as the export reads it: the values of EXPORT_COLUMNS in order, as stored (collection '' for none, warnings
 * as their JSON text or null, request 1 or null; Postgres' BIGINTs as strings).
 */
export type ExportRow = readonly unknown[];

/** The select list of an export's query. */
export const EXPORT_SELECT = EXPORT_COLUMNS.map(([, column]) => column).join(', ');

/** A record (the memory store's) as the SQL stores read it. */
export function callToExportRow(call: CallRecord): ExportRow {
  const row = callToRow(call);
  return EXPORT_COLUMNS.map(([, column]) => row[column]);
}
