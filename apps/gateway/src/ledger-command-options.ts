import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ExportFormat } from '@bench/ledger';
import { explainArgError } from './cli-arg-error';

export type LedgerCommandName = 'stats' | 'export';

export interface LedgerCommandOptions {
  command: LedgerCommandName;
  /** The ledger URL given with --ledger; else the config file's (see ledgerUrlFor). */
  ledger?: string;
  configPath?: string;
  /** Read the demo's ledger (what `--demo` recorded). */
  demo: boolean;
  /** stats: one collection's figures instead of each model's across all. */
  collection?: string;
  /** stats: each model's record on this shape (calls, verdicts, failures, seconds, cost) instead of its whole figures. */
  shape?: string;
  /** stats: JSON instead of a table. */
  json: boolean;
  /** export: epoch ms, inclusive. */
  from?: number;
  /** export: epoch ms, exclusive. */
  to?: number;
  format: ExportFormat;
}

export const LEDGER_COMMANDS: readonly LedgerCommandName[] = ['stats', 'export'];

/** `stats …` or `export …` (the command word first); flags win over BENCH_CONFIG. */
export function parseLedgerCommand(argv: readonly string[], env: NodeJS.ProcessEnv): LedgerCommandOptions {
  const [command, ...args] = argv;
  if (command !== 'stats' && command !== 'export') throw new Error(`unknown command "${String(command)}": use stats or export`);
  const flags: NonNullable<ParseArgsConfig['options']> = {
    config: { type: 'string' },
    ledger: { type: 'string' },
    demo: { type: 'boolean', default: false },
    ...(command === 'stats' ? { collection: { type: 'string' }, shape: { type: 'string' }, json: { type: 'boolean', default: false } } : {}),
    ...(command === 'export' ? { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string', default: 'jsonl' } } : {}),
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: flags, strict: true, allowPositionals: false }) as { values: Record<string, string | boolean | undefined> });
  } catch (error) {
    throw explainArgError(error, [...Object.keys(flags), 'help'], command);
  }
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const format = text('format') ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'csv') throw new Error(`--format must be jsonl or csv, not "${format}"`);
  const configPath = text('config') ?? (env.BENCH_CONFIG || undefined);
  const options: LedgerCommandOptions = { command, demo: values.demo === true, json: values.json === true, format };
  if (options.demo && (text('ledger') !== undefined || text('config') !== undefined))
    throw new Error("--demo reads the demo's ledger: give it alone, without --ledger or --config");
  if (text('ledger') !== undefined) options.ledger = text('ledger');
  if (configPath !== undefined) options.configPath = configPath;
  if (text('collection') !== undefined) options.collection = text('collection');
  if (text('shape') !== undefined) options.shape = text('shape');
  const from = text('from');
  if (from !== undefined) options.from = parseTime('--from', from);
  const to = text('to');
  if (to !== undefined) options.to = parseTime('--to', to);
  if (options.from !== undefined && options.to !== undefined && options.from >= options.to) {
    throw new Error(`--from (${from}) must be before --to (${to})`);
  }
  return options;
}

/** An ISO date or date-time (`2026-11-30`, `2026-11-30T12:00:00Z`) as epoch ms. */
function parseTime(flag: string, text: string): number {
  const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw new Error(`${flag} must be an ISO date or date-time (2026-11-30, 2026-11-30T12:00:00Z), not "${text}"`);
  return time;
}
