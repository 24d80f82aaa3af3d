import { EXPORT_COLUMNS, type ExportRow } from './export-row';

export const CSV_HEADER = `${EXPORT_COLUMNS.map(([header]) => header).join(',')}\r\n`;

const TIME = EXPORT_COLUMNS.findIndex(([header]) => header === 'time');
const COLLECTION = EXPORT_COLUMNS.findIndex(([header]) => header === 'collection');
const REQUEST = EXPORT_COLUMNS.findIndex(([header]) => header === 'request');

/** One RFC 4180 line; time as ISO 8601, warnings as a JSON array, `request` true or false, unknowns empty. */
export function exportRowToCsvLine(row: ExportRow): string {
  let line = '';
  for (let i = 0; i < row.length; i += 1) {
    const value = row[i];
    if (i > 0) line += ',';
    if (i === TIME) line += new Date(Number(value)).toISOString();
    else if (i === REQUEST) line += Number(value) === 1 ? 'true' : 'false';
    else if (value === null || value === undefined || (i === COLLECTION && value === '')) continue;
    else line += typeof value === 'string' ? csvField(value) : String(value); // numbers never need quotes
  }
  return `${line}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
