import { LedgerInputError } from '../errors/ledger-input-error';
import { describe } from '../validate/fields';
import type { ExportOptions } from '../ledger';
import type { LedgerStore, TimeRange } from '../ledger-store';
import { CSV_HEADER } from './call-csv';
import type { ExportPage } from './export-page';

/**
 * Streams calls page by page ((time, id) keyset paging: each page an index seek, however deep), so memory stays flat
 * for any range. The next page is asked for while this one is handed on: the store's thread (SQLite's worker, the
 * database) reads while the caller writes, and at most one page waits.
 */
export async function* exportCalls(store: LedgerStore, options: ExportOptions, pageSize = 1000): AsyncGenerator<string> {
  const range = exportRange(options);
  if (options.format === 'csv') yield CSV_HEADER;
  let next: Promise<ExportPage> | undefined = store.exportPage(range, undefined, pageSize, options.format);
  try {
    while (next) {
      const page: ExportPage = await next;
      next = page.count === pageSize && page.last ? store.exportPage(range, page.last, pageSize, options.format) : undefined;
      if (page.count > 0) yield page.text;
    }
  } finally {
    next?.catch(() => {}); // a caller that stopped early (a closed download) leaves the page asked for ahead unread
  }
}

/** Checks export options up front, so a bad request fails before any output. */
export function exportRange(options: ExportOptions): TimeRange {
  if (options.format !== 'jsonl' && options.format !== 'csv') {
    throw new LedgerInputError('format', `must be "jsonl" or "csv", got ${describe(options.format)}`);
  }
  const from = toMs(options.from, 'from') ?? 0;
  const to = toMs(options.to, 'to') ?? Number.MAX_SAFE_INTEGER;
  if (from > to) throw new LedgerInputError('from', `is after to (${from} > ${to})`);
  return { from, to };
}

function toMs(value: number | Date | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new LedgerInputError(field, `must be epoch milliseconds or a valid Date, got ${describe(value)}`);
  }
  return ms;
}
