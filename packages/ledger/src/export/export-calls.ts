import { LedgerInputError } from '../errors/ledger-input-error';
import { describe } from '../validate/fields';
import type { ExportOptions } from '../ledger';
import type { CallCursor, LedgerStore, TimeRange } from '../ledger-store';
import { CSV_HEADER, callToCsvLine } from './call-csv';
import { callToJsonLine } from './call-jsonl';

/** Streams calls page by page ((time, id) keyset paging), so memory stays flat for any range. */
export async function* exportCalls(store: LedgerStore, options: ExportOptions, pageSize = 1000): AsyncGenerator<string> {
  const range = exportRange(options);
  const line = options.format === 'csv' ? callToCsvLine : callToJsonLine;
  if (options.format === 'csv') yield CSV_HEADER;
  let after: CallCursor | undefined;
  for (;;) {
    const page = await store.pageCalls(range, after, pageSize);
    if (page.length > 0) yield page.map(line).join('');
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { time: last.time, id: last.id };
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
