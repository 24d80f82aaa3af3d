import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@bench/formats': fileURLToPath(new URL('../formats/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
