import { defineConfig } from 'tsup';

export default defineConfig({
  // The SQLite worker thread's entry is built beside index.js, where `sqlite-worker-script.ts` looks for it.
  entry: { index: 'src/index.ts', 'sqlite-worker': 'src/sqlite/sqlite-worker.ts' },
  format: ['esm'],
  dts: { entry: 'src/index.ts', compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
