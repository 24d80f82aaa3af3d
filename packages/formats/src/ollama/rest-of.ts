import type { Extra } from '../neutral/content';

/** The fields of a wire object that the codec did not map, or undefined when there are none. */
export function restOf(object: Record<string, unknown>, mapped: readonly string[]): Extra | undefined {
  let rest: Extra | undefined;
  for (const key in object) {
    if (mapped.includes(key)) continue;
    const value = object[key];
    if (value === undefined) continue;
    (rest ??= {})[key] = value;
  }
  return rest;
}

/** Merges hint and rest fields into one `extra`, or undefined when both are empty. */
export function mergeExtra(...parts: Array<Extra | undefined>): Extra | undefined {
  let out: Extra | undefined;
  for (const part of parts) {
    if (!part) continue;
    for (const key in part) {
      if (part[key] !== undefined) (out ??= {})[key] = part[key];
    }
  }
  return out;
}

/** The `extra` keys another codec may have to carry (not `$` hints). */
export function publicKeys(extra: Extra | undefined): string[] {
  if (!extra) return [];
  return Object.keys(extra).filter((key) => !key.startsWith('$'));
}

/** The `extra` keys that are wire fields (not `$` hints), as an object to spread back onto the wire. */
export function wireFields(extra: Extra | undefined): Extra {
  const out: Extra = {};
  if (!extra) return out;
  for (const key in extra) if (!key.startsWith('$')) out[key] = extra[key];
  return out;
}
