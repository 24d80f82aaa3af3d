import type { ModelStats } from '@bench/ledger';

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
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(HEADERS), ...rows.map(line)].join('\n');
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
