import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseConfig, readConfigFile } from '@bench/gateway-node';
import { createLedger } from '@bench/ledger';
import type { LedgerCommandOptions } from './ledger-command-options';
import { DEMO_LEDGER } from './demo';
import { redactUrl } from './service-address';
import { shapeTable, statsTable } from './stats-table';

/** The ledger a command reads: --ledger, else the one the gateway would write with this config (or with none). */
export function ledgerUrlFor(options: Pick<LedgerCommandOptions, 'ledger' | 'configPath' | 'demo'>): string {
  if (options.demo) return DEMO_LEDGER;
  if (options.ledger !== undefined) return options.ledger;
  return parseConfig(options.configPath === undefined ? {} : readConfigFile(options.configPath)).ledger;
}

/**
 * `stats`: what each model's calls cost and how they were judged; `export`:
 * the calls themselves, as JSONL or CSV. Both read the ledger a running
 * gateway writes (SQLite in WAL mode and Postgres take a reader alongside).
 */
export async function runLedgerCommand(options: LedgerCommandOptions, out: Writable): Promise<void> {
  const url = ledgerUrlFor(options);
  if (url === 'memory:') throw new Error('the ledger is memory:, which keeps nothing once the gateway stops; there is nothing to read');
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
  // Opening a ledger creates it: a mistyped path would read as a ledger with no calls.
  if (file !== undefined && file !== ':memory:' && !existsSync(file)) {
    const demo = existsSync(DEMO_LEDGER.slice('sqlite:'.length)) ? "; the demo's calls: --demo" : '';
    throw new Error(`no ledger at ${file} (a gateway creates it when it starts); name another with --ledger sqlite:PATH or --config FILE${demo}`);
  }
  const ledger = await createLedger(url);
  try {
    if (options.command === 'stats' && options.shape !== undefined) {
      const shape = options.shape;
      const records = await ledger.records(options.collection === undefined ? {} : { collection: options.collection });
      const onShape = records.flatMap((record) => {
        const found = record.shapes.find((row) => row.shape === shape);
        return found ? [{ alias: record.alias, ...found }] : [];
      });
      if (options.json) await write(out, `${JSON.stringify(onShape, null, 2)}\n`);
      else if (onShape.length === 0)
        await write(
          out,
          `no calls recorded on shape ${shape}${options.collection === undefined ? '' : ` in ${options.collection}`} (ledger ${redactUrl(url)})\n`,
        );
      else await write(out, `${shapeTable(onShape)}\n`);
      return;
    }
    if (options.command === 'stats') {
      const stats = await ledger.stats(options.collection === undefined ? {} : { collection: options.collection });
      if (options.json) await write(out, `${JSON.stringify(stats, null, 2)}\n`);
      else if (stats.length === 0)
        await write(out, `no calls recorded${options.collection === undefined ? '' : ` in ${options.collection}`} (ledger ${redactUrl(url)})\n`);
      else await write(out, `${statsTable(stats)}\n`);
      return;
    }
    const range = { ...(options.from !== undefined ? { from: options.from } : {}), ...(options.to !== undefined ? { to: options.to } : {}) };
    for await (const chunk of ledger.exportCalls({ format: options.format, ...range })) await write(out, chunk);
  } finally {
    await ledger.close();
  }
}

/** Writes with backpressure: a large export waits for a slow reader (a pipe to `less`) instead of filling memory. */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}
