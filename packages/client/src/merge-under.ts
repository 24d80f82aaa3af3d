const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `defaults` merged under `fields`: fields win, nested plain objects are merged the same way. */
export function mergeUnder(defaults: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(defaults)) {
    const own = out[key];
    if (own === undefined) out[key] = value;
    else if (isPlainObject(own) && isPlainObject(value)) out[key] = mergeUnder(value, own);
  }
  return out;
}
