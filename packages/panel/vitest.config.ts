import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (dep: string) => fileURLToPath(new URL(`../${dep}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@bench/formats': src('formats'),
      '@bench/client': src('client'),
      '@bench/testkit': src('testkit'),
      '@bench/ledger': src('ledger'),
    },
  },
  test: { include: ['src/**/*.test.ts'], testTimeout: 15_000 },
});
