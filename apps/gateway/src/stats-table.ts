import type { ModelStats, ShapeRecord } from '@bench/ledger';

const HEADERS = ['model', 'calls', 'failed', 'useful', 'input tokens', 'cached', 'output tokens', 'cost', 'last used'];

/** The ledger's per-model figures as an aligned text table, one model a row, the way a person reads them. */
export function statsTable(stats: readonly ModelStats[]): string {
  const rows = stats.map((s) => [
    s.alias,
    count(s.calls),
    count(s.failures),
    s.verdicts === 0 ? '-' : `${s.useful} of ${s.verdicts}`,
    count(s.tokens.input),
    count(s.tokens.cached),
    count(s.tokens.output),
    s.cost.toFixed(4),
    s.lastUsed === null ? '-' : new Date(s.lastUsed).toISOString().slice(0, 16).replace('T', ' '),
  ]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  // The name column reads left to right; the figures line up on their right.
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), ...rows.map(line)].join('\n');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

const SHAPE_HEADERS = ['model', 'shape', 'calls', 'failed', 'useful', 'not useful', 'first token s', 'total s', 'cost', 'last used'];

/** Each model's record on one shape, as `stats --shape` prints it. */
export function shapeTable(records: ReadonlyArray<ShapeRecord & { alias: string }>): string {
  const seconds = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  const rows = records.map((r) => [
    r.alias,
    r.shape ?? '-',
    count(r.calls),
    count(r.failures),
    count(r.useful),
    count(r.notUseful),
    seconds(r.firstTokenSeconds),
    seconds(r.seconds),
    r.cost.toFixed(4),
    r.lastUsed === null ? '-' : new Date(r.lastUsed).toISOString().slice(0, 16).replace('T', ' '),
  ]);
  return alignedTable(SHAPE_HEADERS, rows);
}

function alignedTable(headers: readonly string[], rows: readonly string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
