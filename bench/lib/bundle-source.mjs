// Bundles one TypeScript source of a package (for a bench that needs what its index does not export) with tsup's
// esbuild into that package's node_modules/.cache, and imports it. `external`: packages left to the runtime's resolution.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const esbuild = createRequire(createRequire(fileURLToPath(new URL('../../packages/ledger/package.json', import.meta.url))).resolve('tsup'))('esbuild');

export async function importSource(pkg, source, external = []) {
  const root = fileURLToPath(new URL(`../../packages/${pkg}/`, import.meta.url));
  const outfile = `${root}node_modules/.cache/${source.replaceAll('/', '-').replace(/\.ts$/, '')}.bench.mjs`;
  esbuild.buildSync({ entryPoints: [`${root}src/${source}`], bundle: true, platform: 'node', format: 'esm', external, outfile, logLevel: 'error' });
  return import(outfile);
}
