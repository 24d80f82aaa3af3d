import type { Extra } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { isInertField } from '../shared/inert-fields';

/** Sub-objects of a part whose unknown keys are kept in the part's extra as `<sub>.<key>`. */
export const PART_SUB_OBJECTS = ['inlineData', 'fileData', 'functionCall', 'functionResponse'] as const;

/** `extra` without empty objects: undefined when nothing is in it. */
export function compactExtra(extra: Extra): Extra | undefined {
  return Object.keys(extra).length > 0 ? extra : undefined;
}

/** The keys of `value` that are not in `known`. */
export function restOf(value: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (!known.includes(key)) out[key] = value[key];
  return out;
}

/** Non-`$` keys of a foreign extra: each one is a Warning, since Gemini cannot carry it. */
export function warnForeignExtra(extra: Extra | undefined, path: string, warnings: Warning[]): void {
  if (!extra) return;
  for (const key of Object.keys(extra)) {
    if (key.startsWith('$') || isInertField(key, path, 'gemini')) continue;
    warnings.push({ code: 'dropped', path: path ? `${path}.${key}` : key, message: `\`${key}\` has no Gemini equivalent` });
  }
}

/** Same-protocol write-back: the non-`$` keys of `extra`, except `skip`, onto `target`. */
export function writeOwnExtra(target: Record<string, unknown>, extra: Extra | undefined, skip: readonly string[] = []): void {
  if (!extra) return;
  for (const key of Object.keys(extra)) {
    if (key.startsWith('$') || skip.includes(key) || key.includes('.')) continue;
    target[key] = extra[key];
  }
}

/** Same-protocol write-back of `<sub>.<key>` extras into a part's sub-object. */
export function writeSubExtra(sub: Record<string, unknown>, name: string, extra: Extra | undefined): void {
  if (!extra) return;
  const prefix = `${name}.`;
  for (const key of Object.keys(extra)) if (key.startsWith(prefix)) sub[key.slice(prefix.length)] = extra[key];
}

export function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
