import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The dashboard's built files: the given folder, else the installed `@bench/dashboard` package's `dist`, else none. */
export function dashboardDir(given: string | undefined): string | undefined {
  if (given !== undefined) return given;
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@bench/dashboard/package.json')), 'dist');
  } catch {
    return undefined;
  }
}
