import { fieldPath } from '@bench/formats';

/**
 * How deeply a request body may nest objects and arrays: far beyond any real
 * request (a tool's JSON Schema is a few dozen levels at most), and well short
 * of what re-serialising it can take (JSON.stringify recurses: a body nested
 * some thousands of levels deep parses, then cannot be sent upstream).
 */
export const MAX_BODY_DEPTH = 128;

/** Path segments shown before the rest of a too-deep path is elided. */
const SHOWN_SEGMENTS = 8;

/** Where `value` first nests deeper than `limit` (a field path, shortened), or undefined when it does not. */
export function tooDeepAt(value: unknown, limit: number = MAX_BODY_DEPTH): string | undefined {
  if (!deeperThan(value, limit)) return undefined;
  const path: PropertyKey[] = [];
  findDeep(value, limit, path);
  const shown = fieldPath(path.slice(0, SHOWN_SEGMENTS));
  return path.length > SHOWN_SEGMENTS ? `${shown}…` : shown;
}

/** Recurses at most `limit` + 1 levels, whatever the input. */
function deeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (deeperThan(value[index], limit - 1)) return true;
    return false;
  }
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}

/** The path to the first too-deep value, into `path` (only run once the body is known to be too deep). */
function findDeep(value: unknown, limit: number, path: PropertyKey[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  const entries: Array<[PropertyKey, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, inner] of entries) {
    path.push(key);
    if (findDeep(inner, limit - 1, path)) return true;
    path.pop();
  }
  return false;
}
