/** True when `value` is an object carrying the `Symbol.for` marker: works across two installed copies. */
export function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
