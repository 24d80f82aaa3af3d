import { isDeepStrictEqual } from 'node:util';
import type { ConfigFile } from './config-schema';
import { configPath } from './field-path';

/** Top-level tables whose entries are named: an entry is added, removed, or changed field by field. */
const NAMED_TABLES: ReadonlySet<string> = new Set(['providers', 'models', 'collections', 'keys', 'aliases']);

/**
 * What differs between two config files, as paths and names only (never a value, so never a secret):
 * `collections.agents.members`, `models.m3 added`, `keys.ci removed`, `server.port`, `ledger`.
 */
export function configChanges(before: ConfigFile, after: ConfigFile): string[] {
  const changes: string[] = [];
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  for (const field of keysOfBoth(was, is)) {
    if (isDeepStrictEqual(was[field], is[field])) continue;
    if (!NAMED_TABLES.has(field)) {
      changes.push(...fieldChanges([field], was[field], is[field]));
      continue;
    }
    const entriesBefore = asRecord(was[field]);
    const entriesAfter = asRecord(is[field]);
    for (const name of keysOfBoth(entriesBefore, entriesAfter)) {
      const entryBefore = entriesBefore[name];
      const entryAfter = entriesAfter[name];
      if (entryBefore === undefined) changes.push(`${configPath([field, name])} added`);
      else if (entryAfter === undefined) changes.push(`${configPath([field, name])} removed`);
      else if (!isDeepStrictEqual(entryBefore, entryAfter)) changes.push(...fieldChanges([field, name], entryBefore, entryAfter));
    }
  }
  return changes;
}

/** The fields of two objects that differ, one level down; anything else is one change at `path`. */
function fieldChanges(path: string[], before: unknown, after: unknown): string[] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [configPath(path)];
  return keysOfBoth(before, after)
    .filter((key) => !isDeepStrictEqual(before[key], after[key]))
    .map((key) => configPath([...path, key]));
}

function keysOfBoth(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}

function asRecord(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
