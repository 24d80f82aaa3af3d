import { expect } from 'vitest';
import type { Ledger } from '../ledger';

const H = 3_600_000;

/**
 * Calls stored before a key's requests were counted (the schema before its last migration): key `ci` made a route
 * turn that failed over (`r1-1`, `r1`), a route turn every member failed (`r2-1`, `r2-2`), a panel with its merger
 * (`p9.*`), a shaper call, and had a shadow of the gateway's own; key `me` one route turn an hour later.
 */
export function keyRequestsRows(): string[] {
  const callRow = (id: string, time: number, purpose: string, key: string, status: string, unit: string) =>
    `INSERT INTO calls (id, time, purpose, collection, key_name, alias, status, input_tokens, output_tokens, reasoning_tokens, cached_tokens,
       cache_write_tokens, cache_write_1h_tokens, cost, seconds, first_piece_seconds, tool_calls, unit)
     VALUES ('${id}', ${time}, '${purpose}', 'core', '${key}', 'm1', '${status}', 10, 2, 0, 0, 0, 0, 0.5, 2, 0.5, 0, '${unit}')`;
  return [
    callRow('r1-1', 5 * H + 10, 'route', 'ci', 'server', 'c1'),
    callRow('r1', 5 * H + 11, 'route', 'ci', 'ok', 'c1'),
    callRow('r2-1', 5 * H + 20, 'route', 'ci', 'timeout', 'c1'),
    callRow('r2-2', 5 * H + 21, 'route', 'ci', 'timeout', 'c1'),
    callRow('p9.1', 5 * H + 30, 'seat', 'ci', 'ok', 'p9'),
    callRow('p9.2', 5 * H + 31, 'seat', 'ci', 'ok', 'p9'),
    callRow('p9.merger', 5 * H + 32, 'merger', 'ci', 'ok', 'p9'),
    callRow('s1', 5 * H + 5, 'shape', 'ci', 'ok', 'c1'),
    callRow('r1-shadow-1', 5 * H + 40, 'shadow', 'ci', 'ok', 'c1'),
    callRow('r3', 6 * H + 10, 'route', 'me', 'ok', 'c2'),
  ];
}

/** What the upgraded ledger must count: a request per route turn and per panel, whatever their calls. */
export async function expectKeyRequestsBackfilled(ledger: Ledger): Promise<void> {
  expect(await ledger.keyTotals({ key: 'ci', from: 0 })).toMatchObject({ requests: 3, calls: 8 });
  expect(await ledger.keyTotals({ key: 'me', from: 0 })).toMatchObject({ requests: 1, calls: 1 });
  expect(await ledger.keyTotals({ key: 'me', from: 7 * H })).toMatchObject({ requests: 0, calls: 0 });
}
