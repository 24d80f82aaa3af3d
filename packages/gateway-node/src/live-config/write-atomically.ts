import { realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: a temp file beside it (same folder, so the same file system), with the old
 * file's mode, renamed over it. A reader (or a watcher) sees the old text or the new, never half of one. A link is
 * followed, so that the file it points to is written and the link stays.
 */
export function writeFileAtomically(linkOrPath: string, text: string): void {
  const path = realPathOf(linkOrPath);
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

function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // not there yet: written where it was named
  }
}
