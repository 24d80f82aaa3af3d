import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerInputError } from '../errors/ledger-input-error';
import { LedgerRefusedError } from '../errors/ledger-refused-error';
import { UnknownCallError } from '../errors/unknown-call-error';
import type { Ledger, LedgerOptions } from '../ledger';
import type { CallInput } from '../call-record';
import { shadowCallId } from '../shadow-call-id';
import { call, type OpenLedger, steppingClock } from './fixtures';

/** The behaviour every store must show; run by each store's test file against a real instance. */
export function ledgerContract(name: string, open: OpenLedger): void {
  describe(`ledger contract: ${name}`, () => {
    const opened: Ledger[] = [];
    const ledger = async (options: LedgerOptions = {}) => {
      const l = await open({ now: steppingClock(), ...options });
      opened.push(l);
      return l;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.close().catch(() => {})));
    });

    it('keeps a response until it goes unread past its expiry (a read restarts it), replaces and forgets one', async () => {
      let now = 1_000_000;
      const l = await ledger({ now: () => now });
      expect(l.store).toBe(name.startsWith('sqlite') ? 'sqlite' : name);
      await l.keepResponse('resp_a', '{"a":1}', 1000);
      await l.keepResponse('resp_b', '{"b":1}', 1000);
      now += 900;
      expect(await l.keptResponse('resp_a', 1000)).toBe('{"a":1}');
      now += 900; // b went unread for 1,800 ms; a for 900
      expect(await l.keptResponse('resp_a', 1000)).toBe('{"a":1}');
      expect(await l.keptResponse('resp_b', 1000)).toBeUndefined();
      expect(await l.keptResponse('never', 1000)).toBeUndefined();
      await l.keepResponse('resp_a', '{"a":2}', 1000);
      expect(await l.keptResponse('resp_a', 1000)).toBe('{"a":2}');
      await l.forgetResponse('resp_a');
      await l.forgetResponse('never');
      expect(await l.keptResponse('resp_a', 1000)).toBeUndefined();
    });

    it('stores a call with every field, its cost from the given price and images redacted', async () => {
      const l = await ledger();
      const image = `data:image/png;base64,${'A'.repeat(3000)}`;
      expect(
        l.recordCall({
          id: 'p1.1',
          time: 1000,
          purpose: 'seat',
          collection: 'core',
          keyName: 'alice',
          alias: 'm1',
          provider: 'local',
          status: 'error',
          errorClass: 'UpstreamError',
          errorMessage: `bad image ${image} in request`,
          usage: { inputTokens: 1_000_000, outputTokens: 500_000, reasoningTokens: 100, cachedInputTokens: 7, cacheWriteTokens: 3, cacheWrite1hTokens: 2 },
          price: { input: 0.1, output: 0.4 },
          seconds: 1.5,
          firstPieceSeconds: 0.25,
          finishReason: 'stop',
          toolCalls: 2,
          textChars: 812,
          warnings: ['skipped 1 malformed event'],
        }),
      ).toBe(true);
      await l.flush();
      const stored = await l.getCall('p1.1');
      expect(stored).toEqual({
        id: 'p1.1',
        time: 1000,
        purpose: 'seat',
        collection: 'core',
        keyName: 'alice',
        alias: 'm1',
        provider: 'local',
        status: 'error',
        errorClass: 'UpstreamError',
        errorMessage: 'bad image data:image/png;base64,[redacted 3022 chars] in request',
        inputTokens: 1_000_000,
        outputTokens: 500_000,
        reasoningTokens: 100,
        cachedTokens: 7,
        cacheWriteTokens: 3,
        cacheWrite1hTokens: 2,
        cost: expect.closeTo(0.3, 10),
        seconds: 1.5,
        firstPieceSeconds: 0.25,
        finishReason: 'stop',
        toolCalls: 2,
        textChars: 812,
        warnings: ['skipped 1 malformed event'],
        unit: 'p1',
        shape: 'general',
      });
    });

    it("prices prompt-cache reads and writes at the price's cacheRead, cacheWrite and cacheWrite1h", async () => {
      const l = await ledger();
      const price = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 };
      l.recordCall(
        call('p1.1', {
          usage: { inputTokens: 100_000, outputTokens: 1_000, cachedInputTokens: 95_000, cacheWriteTokens: 3_000, cacheWrite1hTokens: 1_000 },
          price,
        }),
      );
      await l.flush();
      expect(await l.getCall('p1.1')).toMatchObject({
        inputTokens: 100_000,
        cachedTokens: 95_000,
        cacheWriteTokens: 3_000,
        cacheWrite1hTokens: 1_000,
        cost: expect.closeTo((2_000 * 5 + 95_000 * 0.5 + 2_000 * 6.25 + 1_000 * 10 + 1_000 * 25) / 1e6, 12),
      });
    });

    it('prices a call through the price lookup, and leaves the cost unknown without a price', async () => {
      const l = await ledger({ price: (alias) => (alias === 'm1' ? { input: 2, output: 8 } : undefined) });
      l.recordCall(call('p1.1', { usage: { inputTokens: 500_000, outputTokens: 250_000 } }));
      l.recordCall(call('p1.2', { alias: 'm2', usage: { inputTokens: 10 } }));
      await l.flush();
      expect((await l.getCall('p1.1'))?.cost).toBeCloseTo(3, 10);
      expect((await l.getCall('p1.2'))?.cost).toBeNull();
    });

    it('stamps a call with the injected clock and finds it while still queued', async () => {
      const l = await ledger({ windowMs: 60_000, batchSize: 10_000, now: () => 4242 });
      l.recordCall(call('c1.1', { purpose: 'route' }));
      expect(await l.getCall('c1.1')).toMatchObject({ id: 'c1.1', time: 4242, unit: 'c1', cost: null });
      expect((await l.health()).queued).toBe(1);
    });

    it("returns a conversation's turns in order, keeping the first of a duplicate that answered", async () => {
      const l = await ledger();
      l.recordTurn({ conversation: 'c9', turn: 2, alias: 'm2', status: 'ok', tried: [{ alias: 'm1', error: 'rate limited' }, { alias: 'm2' }] });
      l.recordTurn({
        conversation: 'c9',
        turn: 1,
        time: 5,
        alias: 'm1',
        status: 'ok',
        seconds: 2,
        firstTokenSeconds: 0.5,
        usage: { inputTokens: 3, outputTokens: 4, cacheWriteTokens: 2 },
        toolCalls: 1,
        finishReason: 'tool-calls',
        call: 'c9.1',
      });
      l.recordTurn({ conversation: 'c9', turn: 1, alias: 'dup', status: 'error' });
      l.recordTurn({ conversation: 'c9', turn: 1, alias: 'dup', status: 'ok' });
      l.recordTurn({ conversation: 'other', turn: 1, alias: 'm1', status: 'ok' });
      const turns = await l.getTurns('c9');
      expect(turns.map((t) => [t.turn, t.alias])).toEqual([
        [1, 'm1'],
        [2, 'm2'],
      ]);
      expect(turns[0]).toEqual({
        conversation: 'c9',
        turn: 1,
        time: 5,
        collection: null,
        call: 'c9.1',
        alias: 'm1',
        status: 'ok',
        seconds: 2,
        firstTokenSeconds: 0.5,
        inputTokens: 3,
        outputTokens: 4,
        reasoningTokens: 0,
        cachedTokens: 0,
        cacheWriteTokens: 2,
        toolCalls: 1,
        finishReason: 'tool-calls',
        tried: [],
      });
      expect(turns[1]?.tried).toEqual([{ alias: 'm1', error: 'rate limited' }, { alias: 'm2' }]);
    });

    it('a turn that failed and was sent again is recorded as the retry went, in one batch or across batches', async () => {
      const l = await ledger();
      l.recordTurn({ conversation: 'c1', turn: 3, alias: 'm1', status: 'rate-limited', tried: [{ alias: 'm1', error: 'rate limited' }] });
      l.recordTurn({ conversation: 'c1', turn: 3, alias: 'm2', status: 'ok', call: 'c1.3' });
      l.recordTurn({ conversation: 'c2', turn: 1, alias: 'm1', status: 'timeout' });
      await l.flush();
      l.recordTurn({ conversation: 'c2', turn: 1, alias: 'm1', status: 'error' });
      await l.flush();
      l.recordTurn({ conversation: 'c2', turn: 1, alias: 'm3', status: 'ok', call: 'c2.1' });
      await l.flush();
      l.recordTurn({ conversation: 'c2', turn: 1, alias: 'late', status: 'error' });
      expect(await l.getTurns('c1')).toEqual([expect.objectContaining({ turn: 3, alias: 'm2', status: 'ok', call: 'c1.3', tried: [] })]);
      expect(await l.getTurns('c2')).toEqual([expect.objectContaining({ turn: 1, alias: 'm3', status: 'ok', call: 'c2.1' })]);
    });

    it('lists a turn with its shadows side by side: only its own shadow calls, queued or stored, in id order', async () => {
      const l = await ledger();
      const route = (id: string, fields: Partial<CallInput> = {}) => call(id, { purpose: 'route', collection: 'agents', unit: 'conv1', ...fields });
      l.recordCall(route('r1'));
      l.recordCall(route('r1-1', { status: 'timeout' })); // an attempt the turn left behind, not a shadow
      l.recordCall(route(shadowCallId('r1', 2), { purpose: 'shadow', alias: 'm3', toolCalls: 1 }));
      l.recordCall(route('r10'));
      l.recordCall(route(shadowCallId('r10', 1), { purpose: 'shadow', alias: 'm3' }));
      await l.flush();
      l.recordCall(route(shadowCallId('r1', 1), { purpose: 'shadow', alias: 'm4' })); // still queued
      const listed = await l.turnWithShadows('r1');
      expect(listed?.call).toMatchObject({ id: 'r1', purpose: 'route', alias: 'm1' });
      expect(listed?.shadows.map((shadow) => [shadow.id, shadow.purpose, shadow.alias, shadow.unit])).toEqual([
        ['r1-shadow-1', 'shadow', 'm4', 'conv1'],
        ['r1-shadow-2', 'shadow', 'm3', 'conv1'],
      ]);
      expect(listed?.shadows[1]?.toolCalls).toBe(1);
      expect((await l.turnWithShadows('r10'))?.shadows.map((shadow) => shadow.id)).toEqual(['r10-shadow-1']);
      expect(await l.turnWithShadows('nope')).toBeUndefined();
    });

    it("sums a key's or a collection's spend from a time on, queued calls too, shadows left out", async () => {
      const l = await ledger();
      const price = { input: 1, output: 0 }; // a million input tokens: $1
      const priced = (id: string, millions: number, fields: Partial<CallInput>) => call(id, { usage: { inputTokens: millions * 1_000_000 }, price, ...fields });
      l.recordCall(priced('s1', 1, { time: 1000, keyName: 'ci', collection: 'agents' }));
      l.recordCall(priced('s2', 2, { time: 2000, keyName: 'ci', collection: 'agents', purpose: 'route' }));
      l.recordCall(priced('s3', 4, { time: 2000, keyName: 'ci', collection: 'core', purpose: 'merger' }));
      l.recordCall(priced('s4', 8, { time: 2500, keyName: 'ci', collection: 'agents', purpose: 'shadow' }));
      l.recordCall(priced('s5', 16, { time: 3000, keyName: 'me', collection: 'agents', purpose: 'shape' }));
      await l.flush();
      l.recordCall(priced('s6', 32, { time: 4000, keyName: 'ci' })); // still queued
      expect(await l.spend({ key: 'ci', from: 0 })).toBe(39);
      expect(await l.spend({ key: 'ci', from: 2000 })).toBe(38);
      expect(await l.spend({ collection: 'agents', from: 1500 })).toBe(18);
      expect(await l.spend({ key: 'nobody', from: 0 })).toBe(0);
      await expect(l.spend({ from: 0 } as never)).rejects.toMatchObject({ field: 'query' });
      await expect(l.spend({ key: 'ci', from: -1 })).rejects.toMatchObject({ field: 'query.from' });
    });

    it("sums a key's requests, calls, tokens and dollars from an hour on, queued calls too, shadows left out, kept after retention", async () => {
      const l = await ledger();
      const hour = 3_600_000;
      const price = { input: 1, output: 2 }; // dollars a million tokens
      const used = (id: string, time: number, fields: Partial<CallInput>) =>
        call(id, { time, usage: { inputTokens: 1_000_000, outputTokens: 500_000, cachedInputTokens: 250_000 }, price, keyName: 'ci', ...fields });
      l.recordCall(used('k1', hour - 1, {}));
      l.recordCall(used('k2', hour, { purpose: 'route', request: true }));
      l.recordCall(used('k3', 2 * hour + 5, { purpose: 'merger', collection: 'core', request: true }));
      l.recordCall(used('k4', 2 * hour + 6, { purpose: 'shadow', request: true })); // the gateway's own: no request of the key's
      l.recordCall(used('k5', 2 * hour + 7, { keyName: 'me', purpose: 'shape' }));
      l.recordCall(call('k6', { time: 2 * hour + 8, keyName: 'ci', status: 'error' })); // no usage, unpriced: a call, nothing more
      await l.flush();
      l.recordCall(used('k7', 3 * hour, { request: true })); // still queued
      const each = { inputTokens: 1_000_000, outputTokens: 500_000, cachedTokens: 250_000, cost: 2 };
      const times = (n: number, calls = n, requests = 0) => ({
        requests,
        calls,
        inputTokens: n * each.inputTokens,
        outputTokens: n * each.outputTokens,
        cachedTokens: n * each.cachedTokens,
        cost: n * each.cost,
      });
      expect(await l.keyTotals({ key: 'ci', from: 0 })).toEqual(times(4, 5, 3));
      expect(await l.keyTotals({ key: 'ci', from: hour })).toEqual(times(3, 4, 3));
      expect(await l.keyTotals({ key: 'ci', from: 3 * hour })).toEqual(times(1, 1, 1));
      expect(await l.keyTotals({ key: 'me', from: 0 })).toEqual(times(1));
      expect(await l.keyTotals({ key: 'nobody', from: 0 })).toEqual(times(0));
      expect((await l.getCall('k2'))?.request).toBe(true);
      expect((await l.getCall('k1'))?.request).toBeUndefined();
      await l.prune(10 * hour);
      expect(await l.keyTotals({ key: 'ci', from: 0 })).toEqual(times(4, 5, 3));
      await expect(l.keyTotals({ from: 0 } as never)).rejects.toMatchObject({ field: 'query.key' });
      await expect(l.keyTotals({ key: 'ci', from: hour + 1 })).rejects.toMatchObject({
        field: 'query.from',
        message: expect.stringContaining('whole UTC hour'),
      });
      await expect(l.keyTotals({ key: 'ci', from: -hour })).rejects.toBeInstanceOf(LedgerInputError);
    });

    it('counts refused requests per key, collection, scope and limit by the minute, queued ones too, kept after retention', async () => {
      const l = await ledger();
      const minute = 60_000;
      l.recordRefusal({ time: 5 * minute + 1, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm' });
      l.recordRefusal({ time: 5 * minute + 2, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm' });
      l.recordRefusal({ time: 6 * minute, keyName: 'ci', scope: 'key', limit: 'budget' });
      await l.flush();
      l.recordRefusal({ time: 7 * minute, keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm' }); // another batch, the same key
      l.recordRefusal({ time: 8 * minute, keyName: 'me', collection: 'agents', scope: 'collection', limit: 'tpm' }); // still queued
      expect(await l.refusals({ from: 0, to: 60 * minute })).toEqual([
        { keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm', count: 3 },
        { keyName: 'ci', collection: null, scope: 'key', limit: 'budget', count: 1 },
        { keyName: 'me', collection: 'agents', scope: 'collection', limit: 'tpm', count: 1 },
      ]);
      // By the minute: from the 6th minute up to the 8th.
      expect(await l.refusals({ from: 6 * minute, to: 8 * minute })).toEqual([
        { keyName: 'ci', collection: null, scope: 'key', limit: 'budget', count: 1 },
        { keyName: 'ci', collection: 'agents', scope: 'key', limit: 'rpm', count: 1 },
      ]);
      await l.prune(60 * minute);
      expect(await l.refusals({ from: 0, to: 60 * minute })).toHaveLength(3);
      expect(() => l.recordRefusal({ keyName: 'ci', scope: 'key', limit: 'rps' } as never)).toThrow(LedgerInputError);
      expect(() => l.recordRefusal({ keyName: '', scope: 'key', limit: 'rpm' })).toThrow(/refusal\.keyName/);
      await expect(l.refusals({ from: 10, to: 5 })).rejects.toMatchObject({ field: 'query.to' });
    });

    it('keeps stats per collection and over all, from aggregates', async () => {
      const l = await ledger();
      l.recordCall(
        call('p1.1', {
          time: 10,
          usage: { inputTokens: 100, outputTokens: 10, reasoningTokens: 4, cachedInputTokens: 50, cacheWriteTokens: 20 },
          price: { input: 1, output: 1 },
        }),
      );
      l.recordCall(call('p1.2', { time: 30, status: 'error' }));
      l.recordCall(call('p1.3', { time: 20, status: 'aborted' }));
      l.recordCall(call('x.1', { time: 40, collection: 'other', status: 'timeout', usage: { inputTokens: 1 } }));
      l.recordCall(call('bare.1', { time: 5, collection: undefined, alias: 'm1', purpose: 'route' }));
      l.recordCall(call('p1.4', { time: 15, alias: 'm2' }));
      l.recordCall(call('p1.1', { time: 99, usage: { inputTokens: 999 } })); // same id again: ignored
      await l.flush();
      const core = await l.stats({ collection: 'core' });
      expect(core).toEqual([
        {
          alias: 'm1',
          collection: 'core',
          useful: 0,
          verdicts: 0,
          calls: 3,
          failures: 1,
          lastUsed: 30,
          tokens: { input: 100, output: 10, reasoning: 4, cached: 50, cacheWrite: 20 },
          cost: expect.closeTo(0.00011, 12),
        },
        {
          alias: 'm2',
          collection: 'core',
          useful: 0,
          verdicts: 0,
          calls: 1,
          failures: 0,
          lastUsed: 15,
          tokens: { input: 0, output: 0, reasoning: 0, cached: 0, cacheWrite: 0 },
          cost: 0,
        },
      ]);
      const all = await l.stats();
      expect(all.map((s) => [s.alias, s.collection, s.calls, s.failures, s.lastUsed, s.tokens.input, s.tokens.cacheWrite])).toEqual([
        ['m1', null, 5, 2, 40, 101, 20],
        ['m2', null, 1, 0, 15, 0, 0],
      ]);
      expect(await l.stats({ collection: 'nothing' })).toEqual([]);
    });

    it('counts a useful verdict once per panel or conversation and model', async () => {
      const l = await ledger();
      for (const id of ['p1.1', 'p1.2', 'p2.1', 'c1.1', 'c1.2']) l.recordCall(call(id));
      l.recordCall(call('p1.merger', { purpose: 'merger', alias: 'm2' }));
      await l.flush();
      for (const id of ['p1.1', 'p1.2', 'c1.1', 'c1.2', 'p1.merger']) await l.recordVerdict({ call: id, useful: true });
      await l.recordVerdict({ call: 'p2.1', useful: false });
      const byAlias = Object.fromEntries((await l.stats()).map((s) => [s.alias, [s.useful, s.verdicts]]));
      expect(byAlias).toEqual({ m1: [2, 3], m2: [1, 1] });
    });

    it('follows the counting rule for any sequence of verdicts (property)', async () => {
      const l = await ledger({ windowMs: 1 });
      let run = 0;
      const calls = fc.array(fc.record({ unit: fc.nat(3), model: fc.nat(2) }), { minLength: 1, maxLength: 12 });
      const verdicts = fc.array(fc.record({ pick: fc.nat(), useful: fc.boolean() }), { maxLength: 20 });
      await fc.assert(
        fc.asyncProperty(calls, verdicts, async (callSpecs, verdictSpecs) => {
          run += 1;
          const ids = callSpecs.map((spec, i) => {
            const id = `r${run}u${spec.unit}.${i}`;
            l.recordCall(call(id, { collection: `prop${run}`, alias: `m${spec.model}` }));
            return id;
          });
          await l.flush(); // stats read committed aggregates; the batch window may not have passed
          const final = new Map<number, boolean>();
          for (const v of verdictSpecs) {
            const index = v.pick % ids.length;
            await l.recordVerdict({ call: ids[index] ?? '', useful: v.useful });
            final.set(index, v.useful);
          }
          const expected = new Map<string, { useful: Set<number>; any: Set<number> }>();
          callSpecs.forEach((spec, i) => {
            const e = expected.get(`m${spec.model}`) ?? { useful: new Set<number>(), any: new Set<number>() };
            expected.set(`m${spec.model}`, e);
            if (final.has(i)) e.any.add(spec.unit);
            if (final.get(i) === true) e.useful.add(spec.unit);
          });
          const stats = await l.stats({ collection: `prop${run}` });
          expect(Object.fromEntries(stats.map((s) => [s.alias, [s.useful, s.verdicts]]))).toEqual(
            Object.fromEntries([...expected].map(([alias, e]) => [alias, [e.useful.size, e.any.size]])),
          );
        }),
        { numRuns: 40, seed: 20261130 },
      );
    });

    it('replaces a verdict with a later one, and the counts follow', async () => {
      const l = await ledger();
      l.recordCall(call('p1.1'));
      l.recordCall(call('p1.2'));
      await l.flush();
      await l.recordVerdict({ call: 'p1.1', useful: true, note: 'good' });
      await l.recordVerdict({ call: 'p1.2', useful: true });
      const later = await l.recordVerdict({ call: 'p1.1', useful: false, note: 'on reflection, wrong' });
      expect(later).toMatchObject({ call: 'p1.1', useful: false, note: 'on reflection, wrong' });
      expect(await l.getVerdict('p1.1')).toEqual(later);
      expect((await l.stats())[0]).toMatchObject({ useful: 1, verdicts: 1 });
      await l.recordVerdict({ call: 'p1.2', useful: false });
      expect((await l.stats())[0]).toMatchObject({ useful: 0, verdicts: 1 });
    });

    it('takes a verdict on a call still in the write queue', async () => {
      const l = await ledger({ windowMs: 60_000, batchSize: 10_000 });
      l.recordCall(call('p3.1'));
      await l.recordVerdict({ call: 'p3.1', useful: true });
      expect((await l.stats({ collection: 'core' }))[0]).toMatchObject({ calls: 1, useful: 1, verdicts: 1 });
    });

    it('refuses a verdict on an unknown call, a wrong type, a 1 MB note, and writes nothing', async () => {
      const l = await ledger();
      l.recordCall(call('p1.1'));
      await l.flush();
      await expect(l.recordVerdict({ call: 'nope.1', useful: true })).rejects.toSatisfy(UnknownCallError.isInstance);
      const wrongType = await l.recordVerdict({ call: 'p1.1', useful: 'yes' as unknown as boolean }).catch((e: unknown) => e);
      expect(LedgerInputError.isInstance(wrongType) && wrongType.field).toBe('verdict.useful');
      const big = await l.recordVerdict({ call: 'p1.1', useful: true, note: 'x'.repeat(1 << 20) }).catch((e: unknown) => e);
      expect(LedgerInputError.isInstance(big) && big.message).toBe('verdict.note: is 1048576 bytes; a note may be at most 4096 bytes (UTF-8)');
      expect(await l.getVerdict('p1.1')).toBeUndefined();
      expect(await l.getVerdict('nope.1')).toBeUndefined();
      expect((await l.stats())[0]).toMatchObject({ useful: 0, verdicts: 0 });
    });

    it('refuses a malformed call record synchronously, naming the field', async () => {
      const l = await ledger();
      expect(() => l.recordCall(call('p1.1', { usage: { inputTokens: -1 } }))).toThrow('call.usage.inputTokens: must be a whole number ≥ 0');
      expect(() => l.recordCall(call('p1.1', { usage: { cacheWriteTokens: 1.5 } }))).toThrow('call.usage.cacheWriteTokens: must be a whole number ≥ 0');
      expect(() => l.recordCall(call('p1.1', { price: { input: 1, output: 1, cacheRead: -0.1 } }))).toThrow('call.price.cacheRead:');
      expect(() => l.recordCall(call('p1.1', { textChars: 2.5 }))).toThrow('call.textChars: must be a whole number ≥ 0');
      expect(() => l.recordCall(call('p1.1', { purpose: 'chat' as 'seat' }))).toThrow(
        'call.purpose: must be one of seat, merger, route, shape, shadow, got "chat"',
      );
      await l.flush();
      expect(await l.getCall('p1.1')).toBeUndefined();
    });

    it('exports a time range as JSONL and CSV, in time order', async () => {
      const l = await ledger();
      l.recordCall(call('p1.2', { time: 2000, errorMessage: 'said "no", twice' }));
      l.recordCall(call('p1.1', { time: 1000, warnings: ['w'], textChars: 42 }));
      l.recordCall(call('p1.3', { time: 3000 }));
      await l.flush();
      const jsonl = (await collect(l.exportCalls({ format: 'jsonl', from: 1000, to: new Date(3000) }))).split('\n').filter(Boolean);
      expect(jsonl.map((line) => JSON.parse(line) as { id: string; time: string })).toMatchObject([
        { id: 'p1.1', time: '1970-01-01T00:00:01.000Z', warnings: ['w'] },
        { id: 'p1.2', time: '1970-01-01T00:00:02.000Z', errorMessage: 'said "no", twice' },
      ]);
      const csv = (await collect(l.exportCalls({ format: 'csv' }))).split('\r\n');
      expect(csv[0]).toMatch(/^id,time,purpose,collection,keyName,alias,/);
      expect(csv[1]).toBe('p1.1,1970-01-01T00:00:01.000Z,seat,core,,m1,,ok,,,0,0,0,0,,,,,0,"[""w""]",p1,0,0,general,42,,,false');
      expect(csv[2]).toContain(',"said ""no"", twice",');
      expect(csv.filter(Boolean)).toHaveLength(4);
      expect(() => l.exportCalls({ format: 'xml' as 'csv' })).toThrow('format: must be "jsonl" or "csv"');
    });

    it("keeps the name of the provider key's variable a call used, and exports it", async () => {
      const l = await ledger();
      l.recordCall(call('p1.1', { time: 1000, provider: 'openai', providerKey: 'OPENAI_KEY_B' }));
      l.recordCall(call('p1.2', { time: 2000 }));
      await l.flush();
      expect(await l.getCall('p1.1')).toMatchObject({ provider: 'openai', providerKey: 'OPENAI_KEY_B' });
      expect(await l.getCall('p1.2')).not.toHaveProperty('providerKey');
      const jsonl = (await collect(l.exportCalls({ format: 'jsonl' }))).split('\n').filter(Boolean);
      expect((JSON.parse(jsonl[0] ?? '{}') as { providerKey?: string }).providerKey).toBe('OPENAI_KEY_B');
      const csv = (await collect(l.exportCalls({ format: 'csv' }))).split('\r\n');
      expect(csv[0]?.endsWith(',shape,textChars,providerKey,via,request')).toBe(true);
      expect(csv[1]?.endsWith(',general,,OPENAI_KEY_B,,false')).toBe(true);
      expect(csv[2]?.endsWith(',general,,,,false')).toBe(true);
      expect(() => l.recordCall(call('p1.3', { providerKey: 7 as unknown as string }))).toThrow('call.providerKey:');
    });

    it('exports which call stands for its request, and every column in every JSON line', async () => {
      const l = await ledger();
      l.recordCall(call('p1.1', { time: 1000, request: true }));
      l.recordCall(call('p1.2', { time: 1001 }));
      l.recordCall(call('p1.merger', { time: 1002, purpose: 'merger', via: 'mcp' }));
      await l.flush();
      const lines = (await collect(l.exportCalls({ format: 'jsonl' }))).split('\n').filter(Boolean);
      const rows = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows.map((row) => [row.id, row.request, row.via])).toEqual([
        ['p1.1', true, null],
        ['p1.2', false, null],
        ['p1.merger', false, 'mcp'],
      ]);
      const csv = (await collect(l.exportCalls({ format: 'csv' }))).split('\r\n').filter(Boolean);
      const header = csv[0]?.split(',') ?? [];
      expect(rows.map((row) => Object.keys(row))).toEqual([header, header, header]); // the CSV's columns, in its order
      const cells = csv.slice(1).map((line) => line.split(','));
      expect(cells.map((row) => [row[0], row[header.indexOf('request')], row[header.indexOf('via')]])).toEqual([
        ['p1.1', 'true', ''],
        ['p1.2', 'false', ''],
        ['p1.merger', 'false', 'mcp'],
      ]);
    });

    it('exports across pages without skipping or repeating calls that share a time', async () => {
      const l = await ledger({ batchSize: 1000 });
      const ids: string[] = [];
      for (let i = 0; i < 2500; i += 1) {
        const id = `e${String(i).padStart(4, '0')}.1`;
        ids.push(id);
        l.recordCall(call(id, { time: 100 + Math.floor(i / 700) })); // 700 calls a millisecond: pages split ties
      }
      l.recordCall(call('late.1', { time: 200 }));
      await l.flush();
      const lines = (await collect(l.exportCalls({ format: 'jsonl', from: 100, to: 200 }))).split('\n').filter(Boolean);
      expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(ids);
    });

    it('answers health, then refuses records after close and reports them', async () => {
      const errors: unknown[] = [];
      const l = await ledger({ onError: (e) => errors.push(e) });
      expect(await l.health()).toMatchObject({ ok: true, queued: 0, refused: 0 });
      await l.close();
      expect(l.recordCall(call('late.1'))).toBe(false);
      expect(errors).toHaveLength(1);
      expect(LedgerRefusedError.isInstance(errors[0]) && errors[0].reason).toBe('closed');
      expect(await l.health()).toMatchObject({ ok: false, refused: 1 });
    });
  });
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
