import { afterEach, describe, expect, it } from 'vitest';
import { LedgerInputError } from '../errors/ledger-input-error';
import type { Ledger, LedgerOptions } from '../ledger';
import type { TranscriptInput } from '../transcript';
import { HOUR_MS } from '../totals';
import { call, type OpenLedger } from './fixtures';
import type { CallFilter, CallWithVerdict } from '../dashboard/call-query';
import type { CallCursor } from '../ledger-store';
import { queryCalls } from '../memory/memory-dashboard';

const T0 = 1_800_000_000_000 - (1_800_000_000_000 % HOUR_MS); // a whole hour

function transcript(id: string, time: number, text = `answer of ${id}`): TranscriptInput {
  return {
    call: id,
    time,
    system: 'be brief',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: `question of ${id}` },
          { type: 'image', mediaType: 'image/png', bytes: 5120 },
        ],
      },
    ],
    answer: { text, reasoning: '', toolCalls: [{ id: 't1', name: 'read', arguments: '{"path":"a"}' }] },
  };
}

/** The dashboard's reads every store must answer alike; run by each store's test file against a real instance. */
export function dashboardContract(name: string, open: OpenLedger): void {
  describe(`dashboard queries: ${name}`, () => {
    const opened: Ledger[] = [];
    const ledger = async (options: LedgerOptions = {}) => {
      const l = await open(options);
      opened.push(l);
      return l;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.close().catch(() => {})));
    });

    it('lists calls newest first with their verdicts, filtered by every field, and pages by cursor without gaps or repeats', async () => {
      const l = await ledger();
      for (let i = 0; i < 25; i += 1) {
        l.recordCall(
          call(`p${String(i).padStart(2, '0')}.1`, {
            time: T0 + Math.floor(i / 2), // pairs share a millisecond: the id breaks the tie
            alias: i % 3 === 0 ? 'm3' : 'm1',
            keyName: i % 2 === 0 ? 'alice' : 'bob',
            status: i % 5 === 0 ? 'timeout' : i % 7 === 0 ? 'aborted' : 'ok',
            collection: i < 20 ? 'core' : 'other',
            purpose: i === 24 ? 'route' : 'seat',
          }),
        );
      }
      await l.flush();
      await l.recordVerdict({ call: 'p03.1', useful: true, note: 'good' });

      const seen: string[] = [];
      let cursor: { time: number; id: string } | undefined;
      for (let page = 0; page < 10; page += 1) {
        const result = await l.calls({ limit: 7, ...(cursor ? { cursor } : {}) });
        seen.push(...result.calls.map((c) => c.id));
        if (!result.next) break;
        cursor = result.next;
      }
      const expected = Array.from({ length: 25 }, (_, i) => `p${String(i).padStart(2, '0')}.1`).reverse();
      expect(seen).toEqual(expected);

      const all = await l.calls({ limit: 500 });
      expect(all.next).toBeNull();
      expect(all.calls.find((c) => c.id === 'p03.1')?.verdict).toMatchObject({ useful: true, note: 'good' });
      expect(all.calls.find((c) => c.id === 'p04.1')?.verdict).toBeNull();

      const ids = async (query: Parameters<Ledger['calls']>[0]) => (await l.calls({ limit: 500, ...query })).calls.map((c) => c.id).sort();
      expect(await ids({ alias: 'm3' })).toEqual(['p00.1', 'p03.1', 'p06.1', 'p09.1', 'p12.1', 'p15.1', 'p18.1', 'p21.1', 'p24.1']);
      expect(await ids({ keyName: 'bob', collection: 'other' })).toEqual(['p21.1', 'p23.1']);
      expect(await ids({ status: 'timeout' })).toEqual(['p00.1', 'p05.1', 'p10.1', 'p15.1', 'p20.1']);
      expect(await ids({ status: 'failed' })).toEqual(['p00.1', 'p05.1', 'p10.1', 'p15.1', 'p20.1']); // aborted is no failure
      expect(await ids({ purpose: 'route' })).toEqual(['p24.1']);
      expect(await ids({ from: T0 + 2, to: T0 + 4 })).toEqual(['p04.1', 'p05.1', 'p06.1', 'p07.1']);
      await expect(l.calls({ limit: 0 })).rejects.toSatisfy(LedgerInputError.isInstance);
      await expect(l.calls({ purpose: 'nope' as never })).rejects.toThrow(/query.purpose/);
    });

    it('pages a filtered list exactly as a scan of every call would, however sparse the hours of its calls, after retention too', async () => {
      const l = await ledger();
      // 400 calls over 200 hours, in four batches: a model and a key used only in the first 20 hours and once in hour
      // 150, one status in the odd hours only, a key on one call in 37, three collections, several purposes.
      for (let batch = 0; batch < 4; batch += 1) {
        for (let i = batch * 100; i < (batch + 1) * 100; i += 1) {
          const early = i < 40 || i === 300;
          l.recordCall(
            call(`c${String(i).padStart(3, '0')}.${(i % 3) + 1}`, {
              time: T0 + i * (HOUR_MS / 2) + (i % 7) * 1000,
              alias: early && i % 2 === 0 ? 'm-old' : `m${i % 4}`,
              keyName: early && i % 2 === 1 ? 'old' : i % 37 === 0 ? 'rare' : i % 2 === 0 ? 'alice' : 'bob',
              status: i % 11 === 0 ? 'timeout' : Math.floor(i / 2) % 2 === 1 && i % 5 === 0 ? 'rate-limited' : 'ok',
              collection: ['core', 'other', 'agents'][i % 3] as string,
              purpose: i % 3 === 2 ? 'route' : i % 9 === 1 ? 'merger' : 'seat',
            }),
          );
        }
        await l.flush();
      }
      const everything = async () => {
        const all: CallWithVerdict[] = [];
        for (let cursor: CallCursor | undefined, page = 0; page < 20; page += 1) {
          const next = await l.calls({ limit: 100, ...(cursor ? { cursor } : {}) });
          all.push(...next.calls);
          if (!next.next) break;
          cursor = next.next;
        }
        return all;
      };
      const paged = async (filter: CallFilter, limit: number) => {
        const ids: string[] = [];
        for (let cursor: CallCursor | undefined, page = 0; page < 500; page += 1) {
          const next = await l.calls({ ...filter, limit, ...(cursor ? { cursor } : {}) });
          ids.push(...next.calls.map((c) => c.id));
          if (!next.next) break;
          cursor = next.next;
        }
        return ids;
      };
      const mid = T0 + 100 * HOUR_MS + 123;
      const filters: CallFilter[] = [
        { alias: 'm-old' },
        { keyName: 'old' },
        { keyName: 'rare' },
        { alias: 'never-used' },
        { collection: 'other' },
        { collection: 'agents', alias: 'm-old' },
        { collection: 'core', keyName: 'rare' },
        { status: 'failed' },
        { status: 'rate-limited' },
        { status: 'failed', collection: 'core', to: mid },
        { alias: 'm1', purpose: 'route' },
        { keyName: 'alice', purpose: 'merger', from: T0 + 7 * HOUR_MS + 5, to: mid },
        { alias: 'm-old', from: T0 + 3 * HOUR_MS + 1 },
        { keyName: 'bob', status: 'ok', to: T0 + 30 * HOUR_MS },
        { purpose: 'merger' },
        { firstSeat: true, collection: 'other' },
      ];
      const check = async () => {
        const all = await everything();
        for (const filter of filters) {
          const expected = queryCalls(all, new Map(), filter, undefined, all.length).map((c) => c.id);
          for (const limit of [4, 50]) expect({ filter, limit, ids: await paged(filter, limit) }).toEqual({ filter, limit, ids: expected });
        }
        return all.length;
      };
      expect(await check()).toBe(400);
      // Retention deletes the first 150 hours' calls; the hourly roll-ups still count them.
      await l.prune(T0 + 75 * HOUR_MS);
      expect(await check()).toBe(250);
      expect(await paged({ alias: 'm-old' }, 5)).toEqual(['c300.1']);
    });

    it("reads a panel's calls by prefix, and only each panel's first seat with firstSeat", async () => {
      const l = await ledger();
      for (const id of ['pa.1', 'pa.2', 'pa.merger', 'pab.1', 'pb.1', 'pb.2', 'pb.11']) l.recordCall(call(id, { time: T0 }));
      l.recordCall(call('r1', { time: T0, purpose: 'route' }));
      await l.flush();
      expect((await l.callsWithPrefix('pa.')).map((c) => c.id)).toEqual(['pa.1', 'pa.2', 'pa.merger']);
      expect((await l.calls({ firstSeat: true })).calls.map((c) => c.id).sort()).toEqual(['pa.1', 'pab.1', 'pb.1']);
      await l.recordVerdict({ call: 'pb.2', useful: false });
      expect(await l.verdicts(['pb.2', 'pb.1', 'nope'])).toEqual({ 'pb.2': { useful: false, note: null, time: expect.any(Number) } });
    });

    it('lists panels (by their first seat) by a member of any seat or the merger, and by whether one of their calls has a verdict', async () => {
      const l = await ledger();
      for (const [id, alias] of [
        ['pa.1', 'm1'],
        ['pa.2', 'm2'],
        ['pa.merger', 'm3'],
        ['pb.1', 'm1'],
        ['pb.2', 'm4'],
        ['pc.1', 'm2'],
      ] as const) {
        l.recordCall(call(id, { time: T0, alias, keyName: id.startsWith('pc') ? 'bob' : 'alice' }));
      }
      l.recordCall(call('pa', { time: T0, alias: 'm4', purpose: 'route' })); // not a call of panel pa (no "pa." prefix)
      await l.flush();
      await l.recordVerdict({ call: 'pa.merger', useful: true });
      await l.recordVerdict({ call: 'pc.1', useful: false });
      const panels = async (query: Parameters<Ledger['calls']>[0]) => (await l.calls({ firstSeat: true, ...query })).calls.map((c) => c.unit).sort();
      expect(await panels({ panelMember: 'm3' })).toEqual(['pa']); // the merger counts
      expect(await panels({ panelMember: 'm2' })).toEqual(['pa', 'pc']);
      expect(await panels({ panelMember: 'm4' })).toEqual(['pb']);
      expect(await panels({ panelJudged: true })).toEqual(['pa', 'pc']);
      expect(await panels({ panelJudged: false })).toEqual(['pb']);
      expect(await panels({ panelMember: 'm2', panelJudged: true, keyName: 'alice' })).toEqual(['pa']);
      await expect(l.calls({ panelJudged: 'yes' as never })).rejects.toThrow(/query.panelJudged/);
    });

    it("lists panels of a member latest first by their first seat, paged, whatever order and batches the panel's calls came in", async () => {
      const l = await ledger();
      const seat = (id: string, time: number, alias: string, purpose: 'seat' | 'merger' = 'seat') =>
        l.recordCall(call(id, { time, alias, purpose, keyName: 'alice' }));
      seat('pa.1', T0 + 1, 'm1');
      seat('pa.2', T0 + 1, 'm2');
      seat('pb.2', T0 + 2, 'm3'); // before its first seat
      await l.flush();
      seat('pb.1', T0 + 2, 'm1');
      seat('pc.1', T0 + HOUR_MS, 'm2');
      await l.flush();
      seat('pa.merger', T0 + 5, 'm3'); // a later batch, in the next panel's time
      seat('pc.merger', T0 + 2 * HOUR_MS + 1, 'm1'); // its merger an hour and more after its first seat
      await l.flush();
      const panels = async (query: Parameters<Ledger['calls']>[0]) => (await l.calls({ firstSeat: true, ...query })).calls.map((c) => c.unit);
      expect(await panels({ panelMember: 'm3' })).toEqual(['pb', 'pa']);
      expect(await panels({ panelMember: 'm1' })).toEqual(['pc', 'pb', 'pa']);
      expect(await panels({ panelMember: 'm2' })).toEqual(['pc', 'pa']);
      expect(await panels({ panelMember: 'm9' })).toEqual([]);
      expect(await panels({ panelMember: 'm1', to: T0 + HOUR_MS })).toEqual(['pb', 'pa']);
      expect(await panels({ panelMember: 'm1', from: T0 + 2, keyName: 'alice', collection: 'core' })).toEqual(['pc', 'pb']);
      expect(await panels({ panelMember: 'm1', keyName: 'bob' })).toEqual([]);
      const first = await l.calls({ firstSeat: true, panelMember: 'm1', limit: 2 });
      expect(first.calls.map((c) => c.unit)).toEqual(['pc', 'pb']);
      expect((await panels({ panelMember: 'm1', limit: 2, cursor: first.next! })).slice()).toEqual(['pa']);
    });

    it('lists conversations by a member of any turn, by key, and by whether a turn has a verdict', async () => {
      const l = await ledger();
      const turn = (conversation: string, n: number, alias: string, keyName: string, answered = true) => {
        const id = `r${conversation}${n}`;
        l.recordCall(call(id, { time: T0 + n, alias, keyName, purpose: 'route', collection: 'agents', status: answered ? 'ok' : 'server' }));
        l.recordTurn({
          conversation,
          turn: n,
          time: T0 + n,
          alias,
          status: answered ? 'ok' : 'server',
          collection: 'agents',
          ...(answered ? { call: id } : {}),
        });
      };
      turn('c1', 1, 'm1', 'alice');
      turn('c1', 2, 'm2', 'alice');
      turn('c2', 1, 'm1', 'bob');
      turn('c3', 1, 'm3', 'bob', false);
      await l.flush();
      await l.recordVerdict({ call: 'rc12', useful: true });
      const ids = async (query: Parameters<Ledger['conversations']>[0]) => (await l.conversations(query)).conversations.map((c) => c.id).sort();
      expect(await ids({ model: 'm2' })).toEqual(['c1']);
      expect(await ids({ model: 'm1' })).toEqual(['c1', 'c2']);
      expect(await ids({ model: 'm3' })).toEqual(['c3']); // the member last tried on a turn nobody answered
      expect(await ids({ keyName: 'bob' })).toEqual(['c2']);
      expect(await ids({ judged: true })).toEqual(['c1']);
      expect(await ids({ judged: false })).toEqual(['c2', 'c3']);
      expect(await ids({ model: 'm1', judged: false, collection: 'agents' })).toEqual(['c2']);
      await expect(l.conversations({ judged: 1 as never })).rejects.toThrow(/query.judged/);
      await expect(l.conversations({ model: 7 as never })).rejects.toThrow(/query.model/);
    });

    it('lists conversations of a model or key latest first by their latest turn, paged, however their turns came in batches', async () => {
      const l = await ledger();
      const turn = (conversation: string, n: number, time: number, alias: string, keyName: string, status = 'ok') => {
        const id = `r${conversation}x${n}x${time}`;
        l.recordCall(call(id, { time, alias, keyName, purpose: 'route', collection: 'agents', status }));
        l.recordTurn({ conversation, turn: n, time, alias, status, collection: 'agents', call: id });
      };
      turn('c1', 1, T0 + 1, 'm1', 'alice');
      turn('c2', 1, T0 + 2, 'm1', 'alice');
      turn('c3', 1, T0 + 3, 'm2', 'bob');
      await l.flush();
      // c1 answered again, by another model, in a later hour: it is now the latest of m1's and of alice's too.
      turn('c1', 2, T0 + HOUR_MS + 10, 'm2', 'alice');
      // c2's second turn failed on m3, then was retried and answered by m1: m3 answered no turn of c2.
      turn('c2', 2, T0 + 20, 'm3', 'alice', 'server');
      await l.flush();
      turn('c2', 2, T0 + 21, 'm1', 'alice');
      // A turn whose call was written in an earlier batch.
      const early = 'rc4-early';
      l.recordCall(call(early, { time: T0 + 4, alias: 'm2', keyName: 'carol', purpose: 'route', collection: 'agents' }));
      await l.flush();
      l.recordTurn({ conversation: 'c4', turn: 1, time: T0 + 4, alias: 'm2', status: 'ok', collection: 'agents', call: early });
      await l.flush();
      const ids = async (query: Parameters<Ledger['conversations']>[0]) => (await l.conversations(query)).conversations.map((c) => c.id);
      expect(await ids({ model: 'm1' })).toEqual(['c1', 'c2']);
      expect(await ids({ model: 'm2' })).toEqual(['c1', 'c4', 'c3']);
      expect(await ids({ model: 'm3' })).toEqual([]);
      expect(await ids({ keyName: 'alice' })).toEqual(['c1', 'c2']);
      expect(await ids({ keyName: 'carol' })).toEqual(['c4']);
      expect(await ids({ keyName: 'alice', model: 'm2' })).toEqual(['c1']);
      expect(await ids({ model: 'm2', to: T0 + HOUR_MS })).toEqual(['c4', 'c3']);
      expect(await ids({ model: 'm2', from: T0 + 4, collection: 'agents' })).toEqual(['c1', 'c4']);
      const first = await l.conversations({ model: 'm2', limit: 2 });
      expect(first.conversations.map((c) => c.id)).toEqual(['c1', 'c4']);
      expect((await l.conversations({ model: 'm2', limit: 2, cursor: first.next! })).conversations.map((c) => c.id)).toEqual(['c3']);
    });

    it('lists conversations latest first with their turns, members and last status, paged', async () => {
      const l = await ledger();
      const turn = (conversation: string, n: number, time: number, alias: string, status = 'ok') =>
        l.recordTurn({ conversation, turn: n, time, alias, status, collection: 'agents' });
      turn('c1', 1, T0 + 1, 'm1');
      turn('c1', 2, T0 + 5, 'm2', 'server');
      turn('c2', 1, T0 + 3, 'm1');
      await l.flush();
      turn('c1', 2, T0 + 6, 'm1'); // the failed turn retried: it replaces the stored one
      turn('c3', 1, T0 + 4, 'm3');
      turn('c3', 2, T0 + 4, 'm3');
      await l.flush();
      const first = await l.conversations({ limit: 2 });
      expect(first.conversations).toEqual([
        { id: 'c1', collection: 'agents', started: T0 + 1, updated: T0 + 6, turns: 2, models: ['m1'], lastStatus: 'ok' },
        { id: 'c3', collection: 'agents', started: T0 + 4, updated: T0 + 4, turns: 2, models: ['m3'], lastStatus: 'ok' },
      ]);
      expect(first.next).toEqual({ time: T0 + 4, id: 'c3' });
      const second = await l.conversations({ limit: 2, cursor: first.next! });
      expect(second.conversations.map((c) => c.id)).toEqual(['c2']);
      expect(second.next).toBeNull();
      expect((await l.conversations({ from: T0 + 4 })).conversations.map((c) => c.id)).toEqual(['c1', 'c3']);
      expect((await l.conversations({ collection: 'nope' })).conversations).toEqual([]);
    });

    it('sums per bucket, model and key: hours from the running totals, minutes from theirs or the calls, alike', async () => {
      const l = await ledger();
      const usage = { inputTokens: 10, outputTokens: 4, cachedInputTokens: 3 };
      l.recordCall(call('a.1', { time: T0 + 1_000, alias: 'm1', keyName: 'alice', usage, seconds: 2, firstPieceSeconds: 0.5, price: { input: 1, output: 1 } }));
      l.recordCall(call('b.1', { time: T0 + 61_000, alias: 'm1', keyName: 'alice', usage, seconds: 4, status: 'timeout' }));
      l.recordCall(call('c.1', { time: T0 + HOUR_MS + 5, alias: 'm2', usage }));
      l.recordCall(call('d.1', { time: T0 + 2 * HOUR_MS, alias: 'm2', collection: 'other' }));
      await l.flush();
      l.recordCall(call('e.1', { time: T0 + 2_000, alias: 'm2', keyName: 'alice', usage }));
      await l.flush();
      const sorted = (rows: Awaited<ReturnType<Ledger['series']>>) => rows.sort((a, b) => a.bucket - b.bucket || String(a.name).localeCompare(String(b.name)));
      const byModel = sorted(await l.series({ from: T0, to: T0 + 2 * HOUR_MS, bucketMs: HOUR_MS, by: 'alias', collection: 'core' }));
      expect(byModel).toEqual([
        {
          bucket: T0,
          name: 'm1',
          sums: {
            calls: 2,
            failures: 1,
            inputTokens: 20,
            outputTokens: 8,
            reasoningTokens: 0,
            cachedTokens: 6,
            cacheWriteTokens: 0,
            cost: expect.closeTo(14 / 1e6, 12),
            secondsSum: 6,
            secondsCount: 2,
            firstSum: 0.5,
            firstCount: 1,
          },
        },
        { bucket: T0, name: 'm2', sums: expect.objectContaining({ calls: 1, inputTokens: 10 }) },
        { bucket: T0 + HOUR_MS, name: 'm2', sums: expect.objectContaining({ calls: 1, inputTokens: 10 }) },
      ]);
      const byKey = sorted(await l.series({ from: T0, to: T0 + 2 * HOUR_MS, bucketMs: HOUR_MS, by: 'keyName', collection: 'core' }));
      expect(byKey.map((row) => [row.bucket - T0, row.name, row.sums.calls, row.sums.failures])).toEqual([
        [0, 'alice', 3, 1],
        [HOUR_MS, null, 1, 0],
      ]);
      const byMinute = sorted(await l.series({ from: T0, to: T0 + HOUR_MS, bucketMs: 60_000, by: 'alias' }));
      expect(byMinute.map((row) => [row.bucket - T0, row.name, row.sums.calls, row.sums.failures, row.sums.secondsSum])).toEqual([
        [0, 'm1', 1, 0, 2],
        [0, 'm2', 1, 0, 0],
        [60_000, 'm1', 1, 1, 4],
      ]);
      const keysByMinute = sorted(await l.series({ from: T0, to: T0 + 2 * HOUR_MS, bucketMs: 60_000, by: 'keyName' }));
      expect(keysByMinute.map((row) => [row.bucket - T0, row.name, row.sums.calls])).toEqual([
        [0, 'alice', 2],
        [60_000, 'alice', 1],
        [HOUR_MS, null, 1],
      ]);
      await expect(l.series({ from: T0 + 1, to: T0 + HOUR_MS, bucketMs: HOUR_MS, by: 'alias' })).rejects.toThrow(/whole UTC hour/);
      await expect(l.series({ from: T0, to: T0 + HOUR_MS, bucketMs: 1234, by: 'alias' })).rejects.toThrow(/query.bucketMs/);
      await expect(l.series({ from: T0, to: T0 + HOUR_MS, bucketMs: HOUR_MS, by: 'shape' as never })).rejects.toThrow(/query.by/);
    });

    it('sums minutes alike in the last hours, before them, and across the two', async () => {
      const l = await ledger();
      const usage = { inputTokens: 10, outputTokens: 4 };
      l.recordCall(call('a.1', { time: T0 + 1_000, alias: 'm1', keyName: 'alice', usage }));
      l.recordCall(call('b.1', { time: T0 + HOUR_MS + 59_000, alias: 'm1', usage }));
      await l.flush();
      // A later batch: the minutes more than two hours before it are no longer kept apart from the calls.
      l.recordCall(call('c.1', { time: T0 + 3 * HOUR_MS + 30_000, alias: 'm2', keyName: 'alice', usage, status: 'timeout' }));
      l.recordCall(call('d.1', { time: T0 + 3 * HOUR_MS + 31_000, alias: 'm2', keyName: 'bob', usage }));
      await l.flush();
      const minutes = async (from: number, to: number, by: 'alias' | 'keyName') =>
        (await l.series({ from, to, bucketMs: 60_000, by }))
          .map((row) => [row.bucket - T0, row.name, row.sums.calls, row.sums.failures, row.sums.inputTokens])
          .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1])));
      expect(await minutes(T0, T0 + HOUR_MS, 'alias')).toEqual([[0, 'm1', 1, 0, 10]]);
      expect(await minutes(T0 + 3 * HOUR_MS - 59 * 60_000, T0 + 3 * HOUR_MS + 60_000, 'alias')).toEqual([[3 * HOUR_MS, 'm2', 2, 1, 20]]);
      expect(await minutes(T0 + 3 * HOUR_MS, T0 + 3 * HOUR_MS + 60_000, 'keyName')).toEqual([
        [3 * HOUR_MS, 'alice', 1, 1, 10],
        [3 * HOUR_MS, 'bob', 1, 0, 10],
      ]);
      expect(await minutes(T0 + HOUR_MS, T0 + 4 * HOUR_MS, 'alias')).toEqual([
        [HOUR_MS, 'm1', 1, 0, 10],
        [3 * HOUR_MS, 'm2', 2, 1, 20],
      ]);
    });

    it('keeps transcripts (queued ones readable), and deletes those older than a time in batches, oldest first', async () => {
      const l = await ledger({ windowMs: 60_000 });
      l.recordTranscript(transcript('p1.1', T0));
      expect(await l.transcripts(['p1.1'])).toEqual([{ ...transcript('p1.1', T0) }]); // read while it was queued
      for (let i = 2; i <= 6; i += 1) l.recordTranscript(transcript(`p${i}.1`, T0 + i));
      l.recordTranscript(transcript('p2.1', T0, 'a second write of one call is ignored'));
      await l.flush();
      expect((await l.transcripts(['p2.1']))[0]?.answer.text).toBe('answer of p2.1');
      expect(await l.expireTranscripts(T0 + 5, 2)).toBe(2);
      expect((await l.transcripts(['p1.1', 'p2.1', 'p3.1'])).map((t) => t.call)).toEqual(['p3.1']);
      expect(await l.expireTranscripts(T0 + 5, 2)).toBe(2);
      expect(await l.expireTranscripts(T0 + 5, 2)).toBe(0);
      expect((await l.transcripts(['p5.1', 'p6.1'])).map((t) => t.call).sort()).toEqual(['p5.1', 'p6.1']);
      expect(() => l.recordTranscript({ call: 'x', system: null, messages: 'no' } as never)).toThrow(/transcript.messages/);
    });
  });
}
