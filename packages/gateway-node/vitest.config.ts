import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (name: string) => fileURLToPath(new URL(`../${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@bench/formats': source('formats'),
      '@bench/client': source('client'),
      '@bench/router': source('router'),
      '@bench/ledger': source('ledger'),
      '@bench/panel': source('panel'),
      '@bench/engine': source('engine'),
      '@bench/mcp': source('mcp'),
      '@bench/contracts': source('contracts'),
      '@bench/testkit': source('testkit'),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
