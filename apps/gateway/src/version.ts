import { readFileSync } from 'node:fs';

/** This package's version, from its package.json (beside dist/ in the repository and in the installed package). */
export function gatewayVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}
