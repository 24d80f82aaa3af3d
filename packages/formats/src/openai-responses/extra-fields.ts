import type { Extra } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { isInertField } from '../shared/inert-fields';

/** The fields of `object` not named in `known`: what goes to a node's `extra`. */
export function restOf(object: Record<string, unknown>, known: ReadonlyArray<string>): Extra {
  const rest: Extra = {};
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) rest[key] = object[key];
  }
  return rest;
}

/** The wire fields of an `extra` (its keys not starting with `$`). */
export function wireFields(extra: Extra | undefined): Extra {
  const out: Extra = {};
  if (!extra) return out;
  for (const key of Object.keys(extra)) {
    if (!key.startsWith('$')) out[key] = extra[key];
  }
  return out;
}

/** `extra`, or undefined when it is empty (no `extra: {}` noise on nodes). */
export function extraOrUndefined(extra: Extra): Extra | undefined {
  return Object.keys(extra).length > 0 ? extra : undefined;
}

/** One `dropped` warning per wire field of a foreign node's `extra`. */
export function warnForeignExtra(extra: Extra | undefined, path: string, warnings: Warning[]): void {
  if (!extra) return;
  for (const key of Object.keys(extra)) {
    if (key.startsWith('$') || isInertField(key, path, 'openai-responses')) continue;
    const at = path ? `${path}.extra.${key}` : `extra.${key}`;
    warnings.push({ code: 'dropped', path: at, message: `OpenAI Responses has no place for "${key}"; it was not sent` });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
