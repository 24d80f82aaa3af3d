import { watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** A save is often several events (truncate, write, rename): one reload once they settle. */
const SETTLE_MS = 200;

/**
 * Calls `onChange` once changes to the file settle. It watches the file's folder, not the file: editors save by
 * writing a new file and renaming it over the old one (a watch on the old file would stop there), and Kubernetes
 * swaps a ConfigMap's `..data` link. Other files in the folder (a ledger, the `.previous` copy) are passed over.
 */
export function watchConfigFile(path: string, onChange: () => void, onError: (error: Error) => void): { close(): void } {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dirname(path), { persistent: false }, (_event, filename) => {
    if (filename !== null && filename !== name && filename !== '..data') return;
    clearTimeout(timer);
    timer = setTimeout(onChange, SETTLE_MS);
  });
  watcher.on('error', onError);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
