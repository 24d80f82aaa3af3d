// Bundles one TypeScript source of a package (for a bench that needs what its index does not export) with tsup's
// esbuild into that package's node_modules/.cache, and imports it. `external`: packages left to the runtime's resolution;
// `checkout`: another checkout's root (a worktree of main, for an A/B), by default this one.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const esbuild = createRequire(createRequire(fileURLToPath(new URL('../../packages/ledger/package.json', import.meta.url))).resolve('tsup'))('esbuild');

export async function importSource(pkg, source, external = [], checkout = fileURLToPath(new URL('../../', import.meta.url))) {
  const root = `${checkout.replace(/\/?$/, '/')}packages/${pkg}/`;
  const outfile = `${root}node_modules/.cache/${source.replaceAll('/', '-').replace(/\.ts$/, '')}.bench.mjs`;
  esbuild.buildSync({ entryPoints: [`${root}src/${source}`], bundle: true, platform: 'node', format: 'esm', external, outfile, logLevel: 'error' });
  return import(outfile);
}
