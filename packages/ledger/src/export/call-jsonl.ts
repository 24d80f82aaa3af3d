import { EXPORT_COLUMNS, type ExportRow, NUMBER_COLUMNS } from './export-row';

/** Each column's `"name":` as a line writes it, the first opening the object. */
const KEYS = EXPORT_COLUMNS.map(([header], i) => `${i === 0 ? '{' : ','}${JSON.stringify(header)}:`);
const NUMBERS = EXPORT_COLUMNS.map(([header]) => NUMBER_COLUMNS.has(header));
const TIME = EXPORT_COLUMNS.findIndex(([header]) => header === 'time');
const COLLECTION = EXPORT_COLUMNS.findIndex(([header]) => header === 'collection');
const WARNINGS = EXPORT_COLUMNS.findIndex(([header]) => header === 'warnings');
const REQUEST = EXPORT_COLUMNS.findIndex(([header]) => header === 'request');

/**
 * One JSON line: every column of EXPORT_COLUMNS, in its order, null where unknown; time as ISO 8601, `request` true
 * or false. Written out by hand: warnings are kept as their stored JSON text, not parsed and written again.
 */
export function exportRowToJsonLine(row: ExportRow): string {
  let line = '';
  for (let i = 0; i < row.length; i += 1) line += KEYS[i] + jsonValue(i, row[i]);
  return `${line}}\n`;
}

function jsonValue(i: number, value: unknown): string {
  if (i === TIME) return `"${new Date(Number(value)).toISOString()}"`;
  if (i === REQUEST) return Number(value) === 1 ? 'true' : 'false';
  if (i === WARNINGS) return value ? String(value) : '[]';
  if (value === null || value === undefined || (i === COLLECTION && value === '')) return 'null';
  return NUMBERS[i] ? String(Number(value)) : JSON.stringify(value);
}
