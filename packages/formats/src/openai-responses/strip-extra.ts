/** Test helper: a deep copy without any `extra` (wire fields and `$` hints alike), for comparing with neutral fixtures. */
export function stripExtra<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'extra' ? undefined : inner))) as T;
}
