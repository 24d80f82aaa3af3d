import type { Extra } from '../neutral/content';

/** The fields of a wire object that were not mapped, or undefined when there are none. */
export function restOf(object: Record<string, unknown>, known: ReadonlyArray<string>): Extra | undefined {
  let rest: Extra | undefined;
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    rest ??= {};
    rest[key] = object[key];
  }
  return rest;
}

/** Sets `extra` on a node only when there is something in it. */
export function withExtra<T extends { extra?: Extra }>(node: T, extra: Extra | undefined): T {
  if (extra && Object.keys(extra).length > 0) node.extra = extra;
  return node;
}

/** A wire item the neutral model cannot hold, kept with its position in its list so it goes back in place. */
export interface Positioned {
  at: number;
  item: Record<string, unknown>;
}

export function isPositionedList(value: unknown): value is Positioned[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) => typeof entry === 'object' && entry !== null && typeof (entry as Positioned).at === 'number' && typeof (entry as Positioned).item === 'object',
    )
  );
}

/** Puts kept items back at their original positions (ascending, so each index is right when inserted). */
export function insertPositioned<T>(list: T[], kept: Positioned[], wrap: (item: Record<string, unknown>) => T): T[] {
  const sorted = [...kept].sort((a, b) => a.at - b.at);
  for (const entry of sorted) list.splice(Math.min(entry.at, list.length), 0, wrap(entry.item));
  return list;
}

/** The extra's keys that are not `$` hints. */
export function wireKeys(extra: Extra | undefined): string[] {
  return extra ? Object.keys(extra).filter((key) => !key.startsWith('$')) : [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
