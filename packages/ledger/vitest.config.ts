import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Where `test/build-sqlite-worker.ts` bundles the worker thread's entry (a worker cannot load the TypeScript sources). */
const sqliteWorker = fileURLToPath(new URL('./node_modules/.cache/ledger-test/sqlite-worker.mjs', import.meta.url));

export default defineConfig({
  define: { __BENCH_LEDGER_SQLITE_WORKER__: JSON.stringify(sqliteWorker) },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/build-sqlite-worker.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
