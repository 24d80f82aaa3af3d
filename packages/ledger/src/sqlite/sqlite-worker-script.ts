/** Set by the test set-up to a bundle of `sqlite-worker.ts` (vitest runs the sources, and a worker cannot load TypeScript). */
declare const __BENCH_LEDGER_SQLITE_WORKER__: string | undefined;

/** Where the worker's entry is: `sqlite-worker.js` beside the built `index.js` (tsup builds both entries into dist/). */
export function sqliteWorkerScript(): URL {
  if (typeof __BENCH_LEDGER_SQLITE_WORKER__ === 'string') return new URL(`file://${__BENCH_LEDGER_SQLITE_WORKER__}`);
  return new URL('./sqlite-worker.js', import.meta.url);
}
