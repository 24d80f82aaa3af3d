import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: a temp file beside it (same folder, so the same file system), with the old
 * file's mode, renamed over it. A reader (or a watcher) sees the old text or the new, never half of one.
 */
export function writeFileAtomically(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const mode = modeOf(path);
  try {
    writeFileSync(temp, text, mode === undefined ? {} : { mode });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}
