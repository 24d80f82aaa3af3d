import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '@bench/ledger';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLedgerCommand } from './ledger-command-options';
import { ledgerUrlFor } from './ledger-commands';
import { statsTable } from './stats-table';
import { runCli, startCli, type RunningCli } from './test-support/run-cli';

const running: RunningCli[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop()));
});

describe('bench-gateway stats and export, on the ledger a running gateway wrote', () => {
  it("reads what the demo recorded: each model's calls, verdicts and cost, and the calls themselves", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
    const cli = await startCli(['--demo', '--port', '0'], {}, dir);
    running.push(cli);
    const openai = new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const ask = async (model: string) => (await openai.chat.completions.create({ model, messages: [{ role: 'user', content: `hello ${model}` }] })) as any;
    const first = await ask('sage');
    await ask('sage');
    await ask('scout');
    const verdict = await fetch(`${cli.url}/bench/verdict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call: first.bench.call, useful: true }),
    });
    expect(verdict.status).toBe(200);
    const ledger = ['--demo']; // the demo's own ledger, .bench/demo-ledger.db under its working folder

    // Alongside the running gateway (SQLite in WAL mode takes a reader): the calls appear once written.
    let live: Array<Record<string, any>> = [];
    for (let tries = 0; tries < 50 && live.reduce((sum, row) => sum + row.calls, 0) < 3; tries += 1) {
      const { code, stdout } = await runCli(['stats', ...ledger, '--json'], {}, dir);
      expect(code).toBe(0);
      live = JSON.parse(stdout);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(live.map((row) => [row.alias, row.calls, row.useful, row.verdicts])).toEqual([
      ['sage', 2, 1, 1],
      ['scout', 1, 0, 0],
    ]);
    expect(live[0]!.cost).toBeGreaterThan(0);
    expect(await cli.stop()).toBe(0);

    // Run without --demo where only the demo has recorded anything: told where its calls are.
    const missing = await runCli(['stats'], {}, dir);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining(
        "no ledger at .bench/ledger.db (a gateway creates it when it starts); name another with --ledger sqlite:PATH or --config FILE; the demo's calls: --demo",
      ),
    ]);
    const table = await runCli(['stats', ...ledger], {}, dir);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^model\s+calls\s+failed\s+useful\s+input tokens\s+cached\s+output tokens\s+cost\s+last used$/);
    expect(lines[1]).toMatch(/^sage\s+2\s+0\s+1 of 1\s/);
    expect(lines[2]).toMatch(/^scout\s+1\s+0\s+-\s/);

    const csv = await runCli(['export', ...ledger, '--format', 'csv'], {}, dir);
    const rows = csv.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^id,time,/);
    expect(
      rows
        .slice(1)
        .map((row) => row.split(',')[0])
        .sort(),
    ).toEqual(expect.arrayContaining([first.bench.call]));
    expect(rows).toHaveLength(4);
    // Each of the three asks is one request, so each of its lone calls stands for it: `request` true, in both formats.
    const header = rows[0]!.trim().split(',');
    expect(header.slice(-3)).toEqual(['providerKey', 'via', 'request']);
    expect(rows.slice(1).map((row) => row.trim().split(',')[header.indexOf('request')])).toEqual(['true', 'true', 'true']);
    const jsonl = await runCli(['export', ...ledger], {}, dir);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => [JSON.parse(line).request, Object.keys(JSON.parse(line)).join(',')]),
    ).toEqual(Array(3).fill([true, header.join(',')]));
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).alias)
        .sort(),
    ).toEqual(['sage', 'sage', 'scout']);
    const later = await runCli(['export', ...ledger, '--from', '2999-01-01'], {}, dir);
    expect([later.code, later.stdout]).toEqual([0, '']);
  });

  it('finds the ledger in the config file, and says why it cannot read a memory: one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
    const config = join(dir, 'bench.jsonc');
    writeFileSync(config, JSON.stringify({ ledger: `sqlite:${join(dir, 'ledger.db')}`, providers: {}, models: {}, collections: {} }));
    const missing = await runCli(['stats', '--config', config], {}, dir);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `bench-gateway: no ledger at ${join(dir, 'ledger.db')} (a gateway creates it when it starts); name another with --ledger sqlite:PATH or --config FILE\n`,
    ]);
    await (await createLedger(`sqlite:${join(dir, 'ledger.db')}`)).close();
    const empty = await runCli(['stats', '--config', config], {}, dir);
    expect([empty.code, empty.stdout]).toEqual([0, `no calls recorded (ledger sqlite:${join(dir, 'ledger.db')})\n`]);
    writeFileSync(config, JSON.stringify({ ledger: 'memory:', providers: {}, models: {}, collections: {} }));
    const memory = await runCli(['stats', '--config', config], {}, dir);
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('the ledger is memory:, which keeps nothing once the gateway stops');
    const help = await runCli(['stats', '--help'], {}, dir);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('bench-gateway stats [--config FILE | --ledger URL | --demo]')]);
    const bad = await runCli(['export', '--format', 'xml'], {}, dir);
    expect([bad.code, bad.stderr]).toEqual([2, 'bench-gateway: --format must be jsonl or csv, not "xml"\n']);
  });
});

describe('parseLedgerCommand', () => {
  it("reads each command's own flags, and BENCH_CONFIG where --config is not given", () => {
    expect(parseLedgerCommand(['stats', '--collection', 'core', '--json'], { BENCH_CONFIG: 'b.jsonc' })).toEqual({
      command: 'stats',
      configPath: 'b.jsonc',
      collection: 'core',
      demo: false,
      json: true,
      format: 'jsonl',
    });
    expect(parseLedgerCommand(['export', '--from', '2026-11-01', '--to', '2026-12-01T00:00:00Z', '--format', 'csv', '--ledger', 'sqlite:x.db'], {})).toEqual({
      command: 'export',
      ledger: 'sqlite:x.db',
      from: Date.parse('2026-11-01'),
      to: Date.parse('2026-12-01T00:00:00Z'),
      demo: false,
      json: false,
      format: 'csv',
    });
  });

  it('refuses what it cannot use, naming it', () => {
    expect(() => parseLedgerCommand(['export', '--from', 'last week'], {})).toThrow(
      '--from must be an ISO date or date-time (2026-11-30, 2026-11-30T12:00:00Z), not "last week"',
    );
    expect(() => parseLedgerCommand(['export', '--from', '2026-12-01', '--to', '2026-11-01'], {})).toThrow(
      '--from (2026-12-01) must be before --to (2026-11-01)',
    );
    expect(() => parseLedgerCommand(['stats', '--port', '1'], {})).toThrow(/port/);
    expect(() => parseLedgerCommand(['stats', '--format', 'csv'], {})).toThrow(/format/);
    expect(() => parseLedgerCommand(['stats', '--demo', '--ledger', 'sqlite:x.db'], {})).toThrow(
      "--demo reads the demo's ledger: give it alone, without --ledger or --config",
    );
  });
});

describe('ledgerUrlFor and statsTable', () => {
  it("takes --ledger first, else the gateway's default ledger", () => {
    expect(ledgerUrlFor({ ledger: 'postgres://db/bench', demo: false })).toBe('postgres://db/bench');
    expect(ledgerUrlFor({ demo: false })).toBe('sqlite:.bench/ledger.db');
    expect(ledgerUrlFor({ demo: true })).toBe('sqlite:.bench/demo-ledger.db');
  });

  it('lines up the figures, with a dash where a model has no verdicts or no use yet', () => {
    const row = (alias: string, calls: number, useful: number, verdicts: number, lastUsed: number | null) => ({
      alias,
      collection: null,
      useful,
      verdicts,
      calls,
      failures: 1,
      lastUsed,
      tokens: { input: 1_234_567, output: 89, reasoning: 0, cached: 1_000_000, cacheWrite: 0 },
      cost: 0.123456,
    });
    expect(statsTable([row('m1', 1200, 3, 4, Date.parse('2026-11-30T12:34:56Z')), row('long-model-name', 5, 0, 0, null)]).split('\n')).toEqual([
      'model            calls  failed  useful  input tokens     cached  output tokens    cost         last used',
      'm1               1,200       1  3 of 4     1,234,567  1,000,000             89  0.1235  2026-11-30 12:34',
      'long-model-name      5       1       -     1,234,567  1,000,000             89  0.1235                 -',
    ]);
  });
});

describe('bench-gateway stats --shape', () => {
  it("prints each model's record on one shape, as the choices read it, and says when the shape has none", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stats-shape-'));
    const url = `sqlite:${join(dir, 'ledger.db')}`;
    const ledger = await createLedger(url);
    ledger.recordCall({ id: 'p1.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok', shape: 'code', seconds: 2, firstPieceSeconds: 0.5 });
    ledger.recordCall({ id: 'p1.2', purpose: 'seat', collection: 'core', alias: 'm2', status: 'error', shape: 'code', seconds: 1 });
    ledger.recordCall({ id: 'p2.1', purpose: 'seat', collection: 'core', alias: 'm1', status: 'ok', shape: 'writing', seconds: 1 });
    await ledger.flush();
    await ledger.recordVerdict({ call: 'p1.1', useful: true });
    await ledger.close();

    const table = await runCli(['stats', '--ledger', url, '--shape', 'code'], {}, dir);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^model\s+shape\s+calls\s+failed\s+useful\s+not useful\s+first token s\s+total s\s+cost\s+last used$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 6))).toEqual([
      ['m1', 'code', '1', '0', '1', '0'],
      ['m2', 'code', '1', '1', '0', '0'],
    ]);
    const json = await runCli(['stats', '--ledger', url, '--shape', 'writing', '--json'], {}, dir);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ alias: 'm1', shape: 'writing', calls: 1 })]);
    const none = await runCli(['stats', '--ledger', url, '--shape', 'review'], {}, dir);
    expect(none.stdout).toMatch(/^no calls recorded on shape review/);
  });
});
