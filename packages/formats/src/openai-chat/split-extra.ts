import type { Extra } from '../neutral/content';

/**
 * The fields of a wire object that bench does not map: unknown keys, and known
 * keys sent as `null` (they mean "default", and are written back as sent).
 * Undefined when there are none, so that neutral nodes carry no empty `extra`.
 */
export function splitExtra(wire: Record<string, unknown>, known: ReadonlySet<string>): Extra | undefined {
  let extra: Extra | undefined;
  for (const key in wire) {
    const value = wire[key];
    if (known.has(key) && value !== null) continue;
    if (value === undefined) continue;
    setOwn((extra ??= {}), key, value);
  }
  return extra;
}

/** Adds hint and extra keys to a node's extra, creating it only when there is something to add. */
export function withExtra(extra: Extra | undefined, add: Extra): Extra | undefined {
  let out = extra;
  for (const key in add) {
    if (add[key] === undefined) continue;
    setOwn((out ??= {}), key, add[key]);
  }
  return out;
}

/** The keys of a wire object bench reads, without null ones (those stay in `extra`). */
export function withoutNulls(wire: Record<string, unknown>): Record<string, unknown> {
  // Most bodies hold no null: they are read as they are, without a copy per request.
  let anyNull = false;
  for (const key in wire) {
    if (wire[key] === null) {
      anyNull = true;
      break;
    }
  }
  if (!anyNull) return wire;
  const out: Record<string, unknown> = {};
  for (const key in wire) if (wire[key] !== null) setOwn(out, key, wire[key]);
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `obj[key] = value`, but a JSON key `__proto__` stays a plain field instead of setting the prototype. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
