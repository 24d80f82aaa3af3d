import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes a config into a fresh temp folder and returns its path. */
export function configFile(config: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-cli-')), 'bench.jsonc');
  writeFileSync(path, `// written by the test\n${JSON.stringify(config, null, 2)}`);
  return path;
}
