import { expect } from 'vitest';
import type { Ledger } from '../ledger';

const H = 3_600_000;

/**
 * Rows a version-2 ledger would hold (no shapes, no totals): four calls over two hours and two keys, a useful
 * verdict in one unit and a not-useful one in another. `useful` is how the store writes a verdict's flag.
 */
export function schemaV2Rows(useful: (value: boolean) => string): string[] {
  const callRow = (id: string, time: number, key: string, alias: string, unit: string) =>
    `INSERT INTO calls (id, time, purpose, collection, key_name, alias, status, input_tokens, output_tokens, reasoning_tokens, cached_tokens,
       cache_write_tokens, cache_write_1h_tokens, cost, seconds, first_piece_seconds, tool_calls, unit)
     VALUES ('${id}', ${time}, 'seat', 'core', '${key}', '${alias}', 'ok', 10, 2, 0, 0, 0, 0, 0.5, 2, 0.5, 0, '${unit}')`;
  return [
    callRow('p1.1', 5 * H + 10, 'alice', 'm1', 'p1'),
    callRow('p1.2', 5 * H + 20, 'alice', 'm2', 'p1'),
    callRow('p2.1', 6 * H + 10, 'bob', 'm1', 'p2'),
    callRow('p3.1', 5 * H + 30, 'bob', 'm1', 'p3'), // the hour and model of a judged call, another key: no verdict
    `INSERT INTO verdicts (call, useful, note, time) VALUES ('p1.1', ${useful(true)}, NULL, 1), ('p2.1', ${useful(false)}, NULL, 2)`,
    "INSERT INTO unit_verdicts (collection, alias, unit, useful, total) VALUES ('core', 'm1', 'p1', 1, 1), ('core', 'm1', 'p2', 0, 1)",
    `INSERT INTO model_stats (collection, alias, useful, verdicts, calls, failures, last_used, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost)
     VALUES ('core', 'm1', 1, 2, 3, 0, ${6 * H + 10}, 30, 6, 0, 0, 0, 1.5), ('core', 'm2', 0, 0, 1, 0, ${5 * H + 20}, 10, 2, 0, 0, 0, 0.5)`,
  ];
}

/** What the ledger must answer once it brought those rows to the current schema: the totals filled from them. */
export async function expectSchemaV2Totals(ledger: Ledger): Promise<void> {
  const records = await ledger.records();
  expect(records.map((r) => [r.alias, r.whole.calls, r.whole.useful, r.whole.notUseful, r.whole.seconds, r.shapes.map((s) => s.shape)])).toEqual([
    ['m1', 3, 1, 1, 2, ['general']],
    ['m2', 1, 0, 0, 2, ['general']],
  ]);
  const byKey = async (key: string) => (await ledger.stats({ key })).map((s) => [s.alias, s.calls, s.useful, s.verdicts]);
  expect(await byKey('alice')).toEqual([
    ['m1', 1, 1, 1],
    ['m2', 1, 0, 0],
  ]);
  expect(await byKey('bob')).toEqual([['m1', 2, 0, 1]]);
  // A key's figures (GET /bench/keys/me) are filled from the calls too.
  expect(await ledger.keyTotals({ key: 'bob', from: 0 })).toEqual({ requests: 2, calls: 2, inputTokens: 20, outputTokens: 4, cachedTokens: 0, cost: 1 });
  expect((await ledger.stats({ from: 6 * H, to: 7 * H })).map((s) => [s.alias, s.calls, s.verdicts])).toEqual([['m1', 1, 1]]);
  // The hourly roll-ups per model and per key, built from those totals: the overview's series and the calls page's guide.
  const series = async (by: 'alias' | 'keyName') =>
    (await ledger.series({ from: 5 * H, to: 7 * H, bucketMs: H, by }))
      .map((row) => [row.bucket / H, row.name, row.sums.calls, row.sums.cost, row.sums.secondsSum])
      .sort((a, b) => String(a).localeCompare(String(b)));
  expect(await series('alias')).toEqual([
    [5, 'm1', 2, 1, 4],
    [5, 'm2', 1, 0.5, 2],
    [6, 'm1', 1, 0.5, 2],
  ]);
  expect(await series('keyName')).toEqual([
    [5, 'alice', 2, 1, 4],
    [5, 'bob', 1, 0.5, 2],
    [6, 'bob', 1, 0.5, 2],
  ]);
  expect((await ledger.calls({ alias: 'm2' })).calls.map((c) => c.id)).toEqual(['p1.2']);
  expect((await ledger.calls({ keyName: 'bob' })).calls.map((c) => c.id)).toEqual(['p2.1', 'p3.1']);
  await ledger.recordVerdict({ call: 'p2.1', useful: true }); // a unit from before the upgrade moves where it was put
  expect(await byKey('bob')).toEqual([['m1', 2, 1, 1]]);
  expect((await ledger.records())[0]?.whole).toMatchObject({ useful: 2, notUseful: 0 });
}
