import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeParseJSON } from '../shared/safe-parse-json';

const FIXTURES = join(import.meta.dirname, '__fixtures__');

/** Test helper: a fixture file's text. */
export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** Test helper: a JSON fixture, parsed (throws when it is not JSON: fixtures are ours). */
export function fixtureJSON(name: string): Record<string, unknown> {
  return jsonOf(fixtureText(name));
}

/** Test helper: text that must be a JSON object, parsed through safeParseJSON (throws otherwise). */
export function jsonOf(text: string): Record<string, unknown> {
  const parsed = safeParseJSON(text);
  if (!parsed.success) throw parsed.error;
  return parsed.value as Record<string, unknown>;
}
