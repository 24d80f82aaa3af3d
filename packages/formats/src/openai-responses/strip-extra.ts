/** Test helper: a deep copy without any `extra` (wire fields and `$` hints alike) or undefined field, for comparing with neutral fixtures. */
export function stripExtra<T>(value: T): T {
  return copy(value, true) as T;
}

/** Test helper: a deep copy as JSON would make it (plain prototypes, no undefined fields). */
export function plainJSON(value: unknown): unknown {
  return copy(value, false);
}

function copy(value: unknown, dropExtra: boolean): unknown {
  if (Array.isArray(value)) return value.map((inner) => copy(inner, dropExtra));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!(dropExtra && key === 'extra') && inner !== undefined) out[key] = copy(inner, dropExtra);
  }
  return out;
}
