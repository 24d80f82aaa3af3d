import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Set by this package's test set-up to a bundle of `sqlite-worker.ts` (vitest runs the sources, and a worker cannot load TypeScript). */
declare const __BENCH_LEDGER_SQLITE_WORKER__: string | undefined;

/**
 * Where the worker's entry is: `sqlite-worker.js` beside the built `index.js`
 * (tsup builds both into dist/). Other packages' tests load this package's
 * TypeScript sources (a vitest alias): from a source file, the built entry in
 * this package's dist/ is used, and a clear error says to build it when absent.
 */
export function sqliteWorkerScript(): URL {
  if (typeof __BENCH_LEDGER_SQLITE_WORKER__ === 'string') return new URL(`file://${__BENCH_LEDGER_SQLITE_WORKER__}`);
  const beside = new URL('./sqlite-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return beside;
  const built = new URL('../../dist/sqlite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(
    `the SQLite ledger's worker entry ${fileURLToPath(built)} is missing: build @bench/ledger first (pnpm --filter @bench/ledger build), or open the ledger with sqliteWorker: false`,
  );
}
