import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// A private install of the built package, so that building here never empties
// the dist/ that other packages' tests may be importing at the same time.
const sandbox = join(root, '.example-build');
const installed = join(sandbox, 'node_modules', '@bench', 'router');

function buildAndInstall(): void {
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  execFileSync('pnpm', ['exec', 'tsup', 'src/index.ts', '--no-config', '--format', 'esm', '--target', 'node20', '--out-dir', join(installed, 'dist')], {
    cwd: root,
    stdio: 'pipe',
  });
  copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
  copyFileSync(join(root, 'examples', 'embed.mjs'), join(sandbox, 'embed.mjs'));
}

/** Runs examples/embed.mjs (the README's example) in a child process against the built package. */
describe('examples/embed.mjs', () => {
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    buildAndInstall();
    child = spawn(process.execPath, ['embed.mjs'], { cwd: sandbox, env: { ...process.env, PORT: '0' } });
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('exit', (code) => reject(new Error(`example exited ${code}: ${out}`)));
    });
  }, 60_000);

  afterAll(() => {
    child?.kill();
    rmSync(sandbox, { recursive: true, force: true });
  });

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/plan`, { method: 'POST', body: JSON.stringify(body), headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const request = (text: string, extra: Record<string, unknown> = {}) => ({
    model: 'bench/agents',
    system: [{ type: 'text', text: 'You are a coding agent.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    stream: true,
    extra: {},
    ...extra,
  });

  it('is the example the README shows, verbatim', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`js\n${readFileSync(join(root, 'examples', 'embed.mjs'), 'utf8')}\`\`\``);
  });

  it('plans a turn and keeps the session on its member', async () => {
    const first = await post({ request: request('hi') }, { 'x-session-id': 'demo-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ turn: 1, isNew: true, members: ['m1', 'm2', 'm3'] });
    const second = await post({ request: request('and then?') }, { 'x-session-id': 'demo-1' });
    expect(second.body).toMatchObject({ conversation: first.body.conversation, isNew: false, turn: 2 });
  });

  it('answers 400 naming the reasons, and 400 for bad JSON, and keeps serving', async () => {
    const image = { role: 'user', content: [{ type: 'image', source: { kind: 'url', url: 'https://x.test/a.png' } }] };
    const tools = [{ name: 'read', inputSchema: {} }];
    const refused = await post({ request: request('look', { messages: [image], tools }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'no member of collection "agents" can take this request: m1: no vision, and the request has images; ' +
        'm2: no vision, and the request has images; m3: no tool calling, and the request has tools',
    );
    const huge = await post({ request: request('x'.repeat(1_000_000)) });
    expect(huge.status).toBe(413);
    const bad = await fetch(`${base}/plan`, { method: 'POST', body: '{' });
    expect(bad.status).toBe(400);
    expect((await post({ request: request('still here') })).status).toBe(200);
  });
});
