import { buildWorkerBundle } from '../src/test-support/child-process';

/** vitest global set-up: bundles the SQLite worker's entry once, where vitest.config.ts points the sources at it. */
export default function setup(): void {
  buildWorkerBundle('../sqlite/sqlite-worker.ts', 'sqlite-worker.mjs');
}
