import { mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './test-support/run-cli';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({
    models: {
      'up-a': { answer: { text: 'a answers' } },
      'up-b': { answer: { text: 'b answers' } },
      // One piece, then a pause long enough for a reload to happen part way, then the rest.
      'up-slow': { answer: { text: ['slow ', 'and ', 'steady'] }, stall: { afterPieces: 1, ms: 3000 } },
    },
  });
});
afterAll(() => upstream.close());

const running: RunningCli[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((cli) => cli.stop()));
});

const slowTimeouts = { firstTokenMs: 10_000, idleMs: 10_000, totalMs: 30_000, graceMs: 1000 };

function config(members: string[]) {
  return {
    ledger: 'memory:',
    providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
    models: { a: { provider: 'up', model: 'up-a' }, b: { provider: 'up', model: 'up-b' }, slow: { provider: 'up', model: 'up-slow' } },
    collections: { agents: { members, reply: 'route', order: 'listed', timeouts: slowTimeouts } },
  };
}
const text = (value: unknown) => `// the gateway of the live-config test\n${JSON.stringify(value, null, 2)}\n`;

/** A config file in a fresh folder, saved as editors save: a new file renamed over the old. */
function configFolder(members: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
  const path = join(dir, 'bench.jsonc');
  writeFileSync(path, text(config(members)));
  return {
    path,
    save(content: string) {
      writeFileSync(join(dir, 'bench.jsonc.swp'), content);
      renameSync(join(dir, 'bench.jsonc.swp'), path);
    },
  };
}

async function start(path: string, args: string[] = []) {
  const cli = await startCli(['--config', path, '--port', '0', ...args], { BENCH_LOG_LEVEL: 'info' });
  running.push(cli);
  return cli;
}

/** The gateway's log messages (pino's JSON lines on stdout) about its config. */
function configLines(cli: RunningCli): string[] {
  return cli
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg))
    .filter((msg) => /config|SIGHUP/.test(msg));
}

async function logged(cli: RunningCli, pattern: RegExp, ms = 15_000): Promise<string> {
  const until = performance.now() + ms;
  for (;;) {
    const line = configLines(cli).find((msg) => pattern.test(msg));
    if (line) return line;
    if (performance.now() > until) throw new Error(`no log line matching ${pattern} in:\n${cli.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const openai = (cli: RunningCli) => new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
const answeredBy = async (cli: RunningCli) =>
  (await openai(cli).chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'who?' }] })).model;

describe('bench-gateway live config', () => {
  it('a saved file (written and renamed, as editors do) applies to the next request, with one log line of what changed', async () => {
    const file = configFolder(['a']);
    const cli = await start(file.path);
    expect(await answeredBy(cli)).toBe('a');
    file.save(text({ ...config(['b']), aliases: { 'claude-*': 'bench/agents' } }));
    expect(await logged(cli, /^config reloaded/)).toBe('config reloaded (file changed): collections.agents.members, aliases.claude-* added');
    expect(await answeredBy(cli)).toBe('b');
  });

  it('an invalid file is refused with the path and the reason in the log, and the old config goes on serving', async () => {
    const file = configFolder(['a']);
    const cli = await start(file.path);
    file.save(text(config(['m9'])));
    expect(await logged(cli, /^config not reloaded/)).toBe(
      `config not reloaded (file changed) from ${file.path}: collections.agents.members[0]: unknown model "m9" (known: a, b, slow); the gateway goes on with the config it had`,
    );
    file.save('{ "ledger": "memory:",, }');
    expect(await logged(cli, /not reloaded .*JSON with comments/)).toContain(`${file.path}:1:`);
    expect(await answeredBy(cli)).toBe('a');
    expect(cli.child.exitCode).toBeNull();
  });

  it('SIGHUP reloads the file (here a link to a file elsewhere, which the watch cannot see)', async () => {
    const real = configFolder(['a']);
    const linkDir = mkdtempSync(join(tmpdir(), 'bench-link-'));
    const link = join(linkDir, 'bench.jsonc');
    symlinkSync(real.path, link);
    const cli = await start(link);
    real.save(text(config(['b'])));
    expect(await answeredBy(cli)).toBe('a'); // not seen yet: no event in the link's folder
    cli.child.kill('SIGHUP');
    expect(await logged(cli, /^config reloaded/)).toBe('config reloaded (SIGHUP): collections.agents.members');
    expect(await answeredBy(cli)).toBe('b');
    cli.child.kill('SIGHUP'); // the same text again: nothing to apply, nothing logged, still serving
    expect(await answeredBy(cli)).toBe('b');
    expect(configLines(cli).filter((line) => line.startsWith('config reloaded'))).toHaveLength(1);
  });

  it('a stream in flight during a reload finishes on the member it started with; the next request gets the new one', async () => {
    const file = configFolder(['slow']);
    const cli = await start(file.path);
    const stream = await openai(cli).chat.completions.create({ model: 'bench/agents', stream: true, messages: [{ role: 'user', content: 'take your time' }] });
    const pieces: string[] = [];
    let model = '';
    for await (const chunk of stream) {
      model ||= chunk.model;
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) pieces.push(piece);
      if (pieces.length === 1 && piece) {
        file.save(text({ ...config(['a']), models: { a: config([]).models.a, b: config([]).models.b } })); // slow is gone
        await logged(cli, /^config reloaded/);
        expect(await answeredBy(cli)).toBe('a');
      }
    }
    expect(pieces.join('')).toBe('slow and steady');
    expect(model).toBe('slow');
    expect(configLines(cli).filter((line) => line.startsWith('config reloaded'))).toEqual([
      'config reloaded (file changed): models.slow removed, collections.agents.members',
    ]);
  });

  it('an edit through POST /bench/config is applied once: the watch that sees the file written logs nothing more', async () => {
    const file = configFolder(['a']);
    const cli = await start(file.path);
    const saved = await fetch(`${cli.url}/bench/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ edits: [{ path: ['collections', 'agents', 'members'], value: ['b'] }] }),
    });
    expect(saved.status).toBe(200);
    expect(await answeredBy(cli)).toBe('b');
    // A change by hand after it: its line is the only reload line (the watch saw the save as the text already running).
    file.save(text({ ...config(['b']), aliases: { 'gpt-*': 'bench/agents' } }));
    await logged(cli, /^config reloaded/);
    expect(configLines(cli)).toEqual([
      'config saved (POST /bench/config, key local): collections.agents.members',
      'config reloaded (file changed): aliases.gpt-* added',
    ]);
  });
});

describe('bench-gateway --demo and SIGHUP', () => {
  it('has no file to reload: says so and goes on serving', async () => {
    const cli = await startCli(['--demo', '--port', '0'], { BENCH_LOG_LEVEL: 'info' }, mkdtempSync(join(tmpdir(), 'bench-demo-')));
    running.push(cli);
    cli.child.kill('SIGHUP');
    expect(await logged(cli, /SIGHUP/)).toBe('SIGHUP: this gateway was started without a config file, so there is none to reload; nothing changed');
    expect((await fetch(`${cli.url}/bench/health`)).status).toBe(200);
  });
});
