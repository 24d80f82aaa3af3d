import type { CallRecord } from '../call-record';

const COLUMNS = [
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
  'cost',
  'seconds',
  'firstPieceSeconds',
  'finishReason',
  'toolCalls',
  'warnings',
  'unit',
  'cacheWriteTokens',
  'cacheWrite1hTokens',
  'shape',
  'textChars',
  'providerKey',
] as const satisfies readonly (keyof CallRecord)[];

export const CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

/** One RFC 4180 line; time as ISO 8601, warnings as a JSON array, unknowns empty. */
export function callToCsvLine(call: CallRecord): string {
  return `${COLUMNS.map((column) => csvField(cell(call, column))).join(',')}\r\n`;
}

function cell(call: CallRecord, column: (typeof COLUMNS)[number]): string {
  if (column === 'time') return new Date(call.time).toISOString();
  if (column === 'warnings') return call.warnings.length > 0 ? JSON.stringify(call.warnings) : '';
  const value = call[column];
  return value === null || value === undefined ? '' : String(value);
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
