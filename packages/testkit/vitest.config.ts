import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@bench/formats': fileURLToPath(new URL('../formats/src/index.ts', import.meta.url)),
    },
  },
  test: { testTimeout: 15_000 },
});
