/** A neutral value without `origin` and every `extra`: what two protocols can compare. */
export function stripExtra<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripExtra) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'extra' || key === 'origin') continue;
    out[key] = stripExtra(inner);
  }
  return out as T;
}
