import { afterEach, describe, expect, it } from 'vitest';
import { UnknownCallError } from '../errors/unknown-call-error';
import type { Ledger, LedgerOptions } from '../ledger';
import type { PruneCounts } from '../retention/prune-counts';
import { call, type OpenLedger } from './fixtures';

/** Calls at 1 000 … 10 000 ms (and one at the cutoff), two keys, two models; turns at 1 000 … 7 000; verdicts on an old and a new call. */
async function fill(ledger: Ledger, { verdicts = true } = {}): Promise<void> {
  for (let i = 1; i <= 10; i += 1) {
    ledger.recordCall(
      call(`p${i}.1`, {
        time: i * 1000,
        keyName: i % 2 === 0 ? 'alice' : 'bob',
        alias: i % 3 === 0 ? 'm2' : 'm1',
        status: i === 4 ? 'error' : 'ok',
        usage: { inputTokens: 10 * i, outputTokens: i },
        price: { input: 1, output: 2 },
        seconds: i / 10,
      }),
    );
  }
  ledger.recordCall(call('edge.1', { time: CUTOFF, usage: { inputTokens: 1 } }));
  for (let turn = 1; turn <= 7; turn += 1) ledger.recordTurn({ conversation: 'c1', turn, time: turn * 1000, alias: 'm1', status: 'ok', call: `p${turn}.1` });
  await ledger.flush();
  if (!verdicts) return;
  await ledger.recordVerdict({ call: 'p2.1', useful: true });
  await ledger.recordVerdict({ call: 'p9.1', useful: false });
}

const CUTOFF = 5_500;

/** Everything stats and records answer, over all time and narrowed by collection, key and window. */
async function everyStat(ledger: Ledger): Promise<unknown> {
  return {
    all: await ledger.stats(),
    core: await ledger.stats({ collection: 'core' }),
    alice: await ledger.stats({ key: 'alice' }),
    window: await ledger.stats({ from: 0, to: 3_600_000 }),
    records: await ledger.records(),
  };
}

async function exportedIds(ledger: Ledger): Promise<string[]> {
  let text = '';
  for await (const chunk of ledger.exportCalls({ format: 'jsonl' })) text += chunk;
  return text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

/** Retention as every store must do it; run by each store's test file against a real instance. */
export function retentionContract(name: string, open: OpenLedger): void {
  describe(`retention: ${name}`, () => {
    const opened: Ledger[] = [];
    const ledger = async (options: LedgerOptions) => {
      const l = await open(options);
      opened.push(l);
      return l;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.close().catch(() => {})));
    });

    it('deletes exactly the calls older than the cutoff with their verdicts, and the turns older, in batches; stats over everything are unchanged', async () => {
      // A retention so long that its own passes delete nothing: only the batch size is used here.
      const l = await ledger({ retention: { keepMs: 1e15, batchSize: 2 } });
      await fill(l);
      const before = await everyStat(l);

      const pruned = await l.prune(CUTOFF);

      expect(pruned).toEqual({ calls: 5, verdicts: 1, turns: 5, batches: 3 });
      expect(await exportedIds(l)).toEqual(['edge.1', 'p6.1', 'p7.1', 'p8.1', 'p9.1', 'p10.1']);
      expect(await l.getCall('p5.1')).toBeUndefined();
      expect(await l.getCall('edge.1')).toMatchObject({ time: CUTOFF });
      expect((await l.getTurns('c1')).map((turn) => turn.turn)).toEqual([6, 7]);
      expect(await l.getVerdict('p2.1')).toBeUndefined();
      expect(await l.getVerdict('p9.1')).toMatchObject({ useful: false });
      expect(await everyStat(l)).toEqual(before);
      // A deleted call can no longer be judged; a kept one still can, and counts as before.
      await expect(l.recordVerdict({ call: 'p3.1', useful: true })).rejects.toBeInstanceOf(UnknownCallError);
      await l.recordVerdict({ call: 'p10.1', useful: true });
      expect((await l.stats()).find((row) => row.alias === 'm1')).toMatchObject({ useful: 2, verdicts: 2 });
      // Nothing more is older: a second pass deletes nothing.
      expect(await l.prune(CUTOFF)).toEqual({ calls: 0, verdicts: 0, turns: 0, batches: 1 });
    });

    it('runs on its own at start and on its timer, deleting what is older than `retention` before now', async () => {
      let told: (pruned: PruneCounts) => void = () => undefined;
      const pass = new Promise<PruneCounts>((resolve) => (told = resolve));
      const l = await ledger({ now: () => 10_000, retention: { keepMs: 10_000 - CUTOFF, everyMs: 25 }, onPruned: (pruned) => told(pruned) });
      await fill(l, { verdicts: false });
      expect((await pass).calls).toBe(5);
      expect(await exportedIds(l)).toEqual(['edge.1', 'p6.1', 'p7.1', 'p8.1', 'p9.1', 'p10.1']);
    });

    it('refuses a retention or a cutoff it cannot use, naming the field', async () => {
      await expect(open({ retention: { keepMs: 0 } })).rejects.toThrow('retention.keepMs: must be a positive number of milliseconds');
      await expect(open({ retention: { keepMs: 1000, batchSize: 0.5 } })).rejects.toThrow('retention.batchSize: must be a positive whole number of rows');
      const l = await ledger({});
      await expect(l.prune(Number.NaN)).rejects.toThrow('before: must be epoch milliseconds');
    });
  });
}
