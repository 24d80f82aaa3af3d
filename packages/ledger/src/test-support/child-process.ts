import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the writer child (TypeScript) into one ESM file (see `buildWorkerBundle`). */
export function buildWriterChild(): string {
  return buildWorkerBundle('./writer-child.ts', 'writer-child.mjs');
}

/**
 * Bundles a TypeScript entry (relative to this folder) into one ESM file with
 * esbuild (tsup's own copy), inside the package so `better-sqlite3` and `pg` resolve.
 */
export function buildWorkerBundle(entry: string, name: string): string {
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild') as {
    buildSync(options: Record<string, unknown>): unknown;
  };
  const outDir = `${packageDir}node_modules/.cache/ledger-test`;
  mkdirSync(outDir, { recursive: true });
  const outfile = `${outDir}/${name}`;
  esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pg'],
    // the writer child's own SQLite worker: the same bundle, beside it
    define: { __BENCH_LEDGER_SQLITE_WORKER__: JSON.stringify(`${outDir}/sqlite-worker.mjs`) },
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Starts the writer; `onCommitted` gets each count it reports. */
export function spawnWriter(script: string, args: string[], onCommitted: (count: number) => void = () => {}): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line) onCommitted(Number(line));
  });
  return child;
}

/** Resolves with the exit code (or the signal's name). */
export function exited(child: ChildProcess): Promise<number | string> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}
