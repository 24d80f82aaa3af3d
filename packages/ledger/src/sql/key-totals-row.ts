import type { KeyTotals } from '../key-totals';

/** A key's summed `key_totals` rows; numbers may come back as strings from Postgres. */
export interface KeyTotalsRow {
  requests: number | string;
  calls: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  cached_tokens: number | string;
  cost: number | string;
}

export function keyTotalsOfRow(row: KeyTotalsRow | undefined): KeyTotals {
  return {
    requests: Number(row?.requests ?? 0),
    calls: Number(row?.calls ?? 0),
    inputTokens: Number(row?.input_tokens ?? 0),
    outputTokens: Number(row?.output_tokens ?? 0),
    cachedTokens: Number(row?.cached_tokens ?? 0),
    cost: Number(row?.cost ?? 0),
  };
}

/** The sums of a key's rows from an hour on (parameters: the key, the hour): a range of key_totals' primary key. */
export const KEY_TOTALS_SQL = (p: (n: number) => string) =>
  `SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(calls), 0) AS calls, coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
    coalesce(sum(cached_tokens), 0) AS cached_tokens, coalesce(sum(cost), 0) AS cost FROM key_totals WHERE key_name = ${p(1)} AND hour >= ${p(2)}`;
