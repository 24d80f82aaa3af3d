import { afterEach, describe, expect, it } from 'vitest';
import type { CallInput } from '../call-record';
import { createLedger } from '../create-ledger';
import { LedgerInputError } from '../errors/ledger-input-error';
import type { Ledger } from '../ledger';
import type { ModelRecord, ShapeRecord } from '../model-record';
import type { ModelStats } from '../model-stats';
import { call } from './fixtures';

const HOUR = 3_600_000;
const H0 = 1_800_000_000_000 - (1_800_000_000_000 % HOUR);
const PRICE = { input: 1, output: 2 };

/** Calls over three hours, two models, three shapes (one by default), three collections and keys, with failures and gaps. */
function mixedCalls(): CallInput[] {
  const calls: CallInput[] = [];
  const shapes = ['code', undefined, 'writing'];
  const collections = ['core', 'agents', undefined];
  const keys = ['alice', 'bob', undefined];
  for (let i = 0; i < 36; i += 1) {
    const unit = Math.floor(i / 3);
    calls.push(
      call(`u${unit}.${i % 3}`, {
        time: H0 + (unit % 3) * HOUR + i * 1000,
        alias: `m${((i % 3) % 2) + 1}`,
        shape: shapes[unit % 3],
        collection: collections[Math.floor(unit / 3) % 3],
        keyName: keys[unit % 2 === 0 ? 0 : (unit % 3) + 0] ?? undefined,
        status: i % 7 === 3 ? 'error' : i % 11 === 5 ? 'aborted' : 'ok',
        usage: { inputTokens: 100 + i, outputTokens: 10 + i },
        price: PRICE,
        ...(i % 4 === 0 ? {} : { seconds: 1 + i / 10 }),
        ...(i % 5 === 0 ? {} : { firstPieceSeconds: i / 100 }),
      }),
    );
  }
  return calls;
}

/** Verdicts, in order: two calls of one unit on one model, a verdict changed, not-useful units. */
const VERDICTS: Array<[string, boolean]> = [
  ['u0.0', true],
  ['u0.2', true],
  ['u1.0', false],
  ['u2.1', true],
  ['u3.0', true],
  ['u3.0', false],
  ['u4.0', false],
  ['u4.1', false],
  ['u5.0', true],
  ['u7.2', false],
  ['u7.2', true],
  ['u9.1', true],
];

interface Scan {
  calls: number;
  failures: number;
  cost: number;
  seconds: number[];
  first: number[];
  lastUsed: number | null;
  input: number;
  output: number;
  useful: Set<string>;
  judged: Set<string>;
}

/** The reference: the figures computed by walking the calls and the final verdicts, no totals involved. */
function scan(calls: CallInput[], filter: (c: CallInput) => boolean, group: (c: CallInput) => string): Map<string, Scan> {
  const final = new Map(VERDICTS);
  const out = new Map<string, Scan>();
  for (const c of calls) {
    if (!filter(c)) continue;
    const key = group(c);
    const s = out.get(key) ?? {
      calls: 0,
      failures: 0,
      cost: 0,
      seconds: [],
      first: [],
      lastUsed: null,
      input: 0,
      output: 0,
      useful: new Set(),
      judged: new Set(),
    };
    out.set(key, s);
    s.calls += 1;
    if (c.status !== 'ok' && c.status !== 'aborted') s.failures += 1;
    s.cost += ((c.usage?.inputTokens ?? 0) * PRICE.input + (c.usage?.outputTokens ?? 0) * PRICE.output) / 1e6;
    if (c.seconds !== undefined) s.seconds.push(c.seconds);
    if (c.firstPieceSeconds !== undefined) s.first.push(c.firstPieceSeconds);
    s.lastUsed = Math.max(s.lastUsed ?? 0, c.time ?? 0);
    s.input += c.usage?.inputTokens ?? 0;
    s.output += c.usage?.outputTokens ?? 0;
    const unit = `${c.collection}/${c.id.split('.')[0]}`;
    if (final.has(c.id)) s.judged.add(unit);
    if (final.get(c.id) === true) s.useful.add(unit);
  }
  return out;
}

const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null);

function expectedRecord(shape: string | null, s: Scan): ShapeRecord {
  return {
    shape,
    calls: s.calls,
    useful: s.useful.size,
    notUseful: s.judged.size - s.useful.size,
    failures: s.failures,
    firstTokenSeconds: mean(s.first),
    seconds: mean(s.seconds),
    cost: s.cost,
    lastUsed: s.lastUsed,
  };
}

function expectedRecords(calls: CallInput[], filter: (c: CallInput) => boolean): Record<string, { whole: ShapeRecord; shapes: ShapeRecord[] }> {
  const whole = scan(calls, filter, (c) => c.alias);
  const shapes = scan(calls, filter, (c) => `${c.alias}|${c.shape ?? 'general'}`);
  return Object.fromEntries(
    [...whole.keys()].sort().map((alias) => [
      alias,
      {
        whole: expectedRecord(null, whole.get(alias) as Scan),
        shapes: [...shapes.keys()]
          .filter((k) => k.startsWith(`${alias}|`))
          .sort()
          .map((k) => expectedRecord(k.split('|')[1] ?? '', shapes.get(k) as Scan)),
      },
    ]),
  );
}

function byAlias(records: ModelRecord[]): Record<string, { whole: ShapeRecord; shapes: ShapeRecord[] }> {
  return Object.fromEntries(records.map((r) => [r.alias, { whole: rounded(r.whole), shapes: r.shapes.map(rounded) }]));
}

/** Sums of floats differ in the last bits between SQL and JavaScript: compare to 9 places. */
function rounded(r: ShapeRecord): ShapeRecord {
  const round = (n: number | null) => (n === null ? null : Math.round(n * 1e9) / 1e9);
  return { ...r, cost: round(r.cost) ?? 0, seconds: round(r.seconds), firstTokenSeconds: round(r.firstTokenSeconds) };
}

function roundedExpected(e: Record<string, { whole: ShapeRecord; shapes: ShapeRecord[] }>) {
  return Object.fromEntries(Object.entries(e).map(([alias, r]) => [alias, { whole: rounded(r.whole), shapes: r.shapes.map(rounded) }]));
}

function expectedStats(calls: CallInput[], filter: (c: CallInput) => boolean): Array<[string, number, number, number, number, number, number | null, number]> {
  const s = scan(calls, filter, (c) => c.alias);
  return [...s.keys()].sort().map((alias) => {
    const x = s.get(alias) as Scan;
    return [alias, x.calls, x.failures, x.useful.size, x.judged.size, x.input, x.lastUsed, Math.round(x.cost * 1e9) / 1e9];
  });
}

const statsRows = (stats: ModelStats[]) =>
  stats.map((s) => [s.alias, s.calls, s.failures, s.useful, s.verdicts, s.tokens.input, s.lastUsed, Math.round(s.cost * 1e9) / 1e9]);

/** Records per model and shape and stats by key and window, from running totals; `fresh` gives a new ledger URL. */
export function recordsContract(name: string, fresh: () => Promise<string>, restartable: boolean): void {
  describe(`records and totals: ${name}`, () => {
    const opened: Ledger[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.close().catch(() => {})));
    });
    const filled = async () => {
      const url = await fresh();
      const ledger = await createLedger(url);
      opened.push(ledger);
      const calls = mixedCalls();
      for (const c of calls) ledger.recordCall(c);
      await ledger.flush();
      for (const [id, useful] of VERDICTS) await ledger.recordVerdict({ call: id, useful });
      return { url, ledger, calls };
    };

    it('answers records per model and shape, and whole, that agree with a scan of the calls after calls, verdicts and changed verdicts', async () => {
      const { ledger, calls } = await filled();
      const records = await ledger.records();
      expect(records.every((r) => r.collection === null)).toBe(true);
      expect(byAlias(records)).toEqual(roundedExpected(expectedRecords(calls, () => true)));
      expect(records.flatMap((r) => r.shapes.map((s) => s.shape))).toContain('general'); // calls without a shape
      const core = await ledger.records({ collection: 'core' });
      expect(core.every((r) => r.collection === 'core')).toBe(true);
      expect(byAlias(core)).toEqual(roundedExpected(expectedRecords(calls, (c) => c.collection === 'core')));
      expect(byAlias(await ledger.records({ alias: 'm2' }))).toEqual(roundedExpected(expectedRecords(calls, (c) => c.alias === 'm2')));
      expect(await ledger.records({ collection: 'nothing' })).toEqual([]);
    });

    it('answers stats by key and by hour window from the totals, agreeing with a scan', async () => {
      const { ledger, calls } = await filled();
      const window = { from: H0 + HOUR, to: H0 + 3 * HOUR };
      expect(statsRows(await ledger.stats(window))).toEqual(expectedStats(calls, (c) => (c.time ?? 0) >= window.from && (c.time ?? 0) < window.to));
      expect(statsRows(await ledger.stats({ key: 'alice' }))).toEqual(expectedStats(calls, (c) => c.keyName === 'alice'));
      // One key over all time reads its own summary (key_stats): the same as its hourly totals over every hour.
      expect(statsRows(await ledger.stats({ key: 'alice', collection: 'agents' }))).toEqual(
        expectedStats(calls, (c) => c.keyName === 'alice' && c.collection === 'agents'),
      );
      for (const key of ['alice', 'bob', 'nobody']) {
        expect(statsRows(await ledger.stats({ key }))).toEqual(statsRows(await ledger.stats({ key, from: 0 })));
      }
      const narrow = { collection: 'agents', key: 'alice', from: H0, to: H0 + HOUR };
      const got = await ledger.stats(narrow);
      expect(got.every((s) => s.collection === 'agents')).toBe(true);
      expect(statsRows(got)).toEqual(
        expectedStats(calls, (c) => c.collection === 'agents' && c.keyName === 'alice' && (c.time ?? 0) >= narrow.from && (c.time ?? 0) < narrow.to),
      );
      // the whole window agrees with the all-time summary
      expect(statsRows(await ledger.stats({ from: 0 }))).toEqual(statsRows(await ledger.stats()));
    });

    it('refuses a bad stats query or shape, naming the field', async () => {
      const { ledger } = await filled();
      const field = async (query: Record<string, unknown>) => {
        const error = await ledger.stats(query).catch((e: unknown) => e);
        return LedgerInputError.isInstance(error) ? error.message : error;
      };
      expect(await field({ from: H0 + 5 })).toMatch(/^query\.from: must fall on a whole UTC hour/);
      expect(await field({ to: 'tomorrow' })).toMatch(/^query\.to: must be epoch milliseconds/);
      expect(await field({ key: 3 })).toMatch(/^query\.key: must be a string/);
      expect(await field({ from: H0 + HOUR, to: H0 })).toMatch(/^query\.from: is after query\.to/);
      expect(() => ledger.recordCall(call('bad.1', { shape: '' }))).toThrow('call.shape: must be a non-empty string');
    });

    if (!restartable) return; // a memory ledger has nothing to restart from
    it('reads the totals back after a restart, and adds to them', async () => {
      const { url, ledger, calls } = await filled();
      const before = await ledger.records();
      await ledger.close();
      const again = await createLedger(url);
      opened.push(again);
      expect(await again.records()).toEqual(before);
      const more = call('late.1', { time: H0 + 5 * HOUR, alias: 'm1', shape: 'code', usage: { inputTokens: 1, outputTokens: 1 }, price: PRICE });
      again.recordCall(more);
      await again.flush();
      await again.recordVerdict({ call: 'late.1', useful: true });
      VERDICTS.push(['late.1', true]);
      try {
        expect(byAlias(await again.records())).toEqual(roundedExpected(expectedRecords([...calls, more], () => true)));
      } finally {
        VERDICTS.pop();
      }
    });
  });
}
