import type { ExportFormat } from '../ledger';
import type { CallCursor } from '../ledger-store';
import { exportRowToCsvLine } from './call-csv';
import { exportRowToJsonLine } from './call-jsonl';
import type { ExportRow } from './export-row';

/**
 * A page of an export, its lines already written where the calls were read: on the SQLite worker, one string
 * crosses to the main thread instead of a thousand records cloned, and the formatting leaves the serving thread.
 */
export interface ExportPage {
  text: string;
  count: number;
  /** Where the next page starts; absent for an empty page. */
  last?: CallCursor;
}

/** A page of rows (id first, time second, as EXPORT_COLUMNS has them) as lines. */
export function toExportPage(rows: readonly ExportRow[], format: ExportFormat): ExportPage {
  const line = format === 'csv' ? exportRowToCsvLine : exportRowToJsonLine;
  let text = '';
  for (const row of rows) text += line(row);
  const last = rows.at(-1);
  return last ? { text, count: rows.length, last: { id: String(last[0]), time: Number(last[1]) } } : { text, count: 0 };
}
