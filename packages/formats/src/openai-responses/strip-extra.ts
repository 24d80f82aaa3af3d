/** Test helper: a deep copy without any `extra` (wire fields and `$` hints alike) or undefined field, for comparing with neutral fixtures. */
export function stripExtra<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'extra' && inner !== undefined) out[key] = strip(inner);
  }
  return out;
}
