import type { Placeholder } from './totals-sql';

/** Parameters bound in the order a statement is built: `bind(value)` keeps the value and returns its placeholder. */
export function boundParams(p: Placeholder): { bind: (value: unknown) => string; values: unknown[] } {
  const values: unknown[] = [];
  return {
    values,
    bind(value) {
      values.push(value);
      return p(values.length);
    },
  };
}
