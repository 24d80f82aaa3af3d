import { defineConfig } from 'vite';

// Static files that gateway-node serves under /bench/ui/: hashed assets, no inline script (its CSP forbids one),
// nothing from another origin.
export default defineConfig({
  base: '/bench/ui/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
