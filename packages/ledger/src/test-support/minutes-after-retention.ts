import { expect, it } from 'vitest';
import type { Ledger } from '../ledger';
import { call } from './fixtures';

/**
 * The SQL stores' last minutes come from their per-minute roll-ups, which retention leaves alone (as it leaves the
 * hourly totals): a series by the minute counts the calls retention deleted. The memory store reads its calls.
 */
export function minutesAfterRetention(open: () => Promise<Ledger>): void {
  it('sums the last minutes from their roll-ups: the calls retention deleted still count', async () => {
    const l = await open();
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    l.recordCall(call('a.1', { time: minute + 1_000, alias: 'm1', usage: { inputTokens: 10, outputTokens: 4 } }));
    l.recordCall(call('b.1', { time: minute + 2_000, alias: 'm1', status: 'timeout' }));
    await l.flush();
    expect((await l.prune(minute + 60_000)).calls).toBe(2);
    const rows = await l.series({ from: minute - 30 * 60_000, to: minute + 30 * 60_000, bucketMs: 60_000, by: 'alias' });
    expect(rows.map((row) => [row.bucket - minute, row.name, row.sums.calls, row.sums.failures, row.sums.inputTokens])).toEqual([[0, 'm1', 2, 1, 10]]);
    await l.close();
  });
}
