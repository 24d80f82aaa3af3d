import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { runCliToExit, startCli, type RunningCli } from './test-support/run-cli';

const running: RunningCli[] = [];
afterAll(async () => {
  await Promise.all(running.map((cli) => cli.stop()));
});

describe('bench-gateway', () => {
  it('--demo serves a panel, a merge and a route to the OpenAI SDK, and prints the ready line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
    const cli = await startCli(['--demo', '--port', '0'], {}, dir);
    running.push(cli);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const openai = new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const models = (await openai.models.list()).data.map((model) => model.id);
    expect(models).toEqual(expect.arrayContaining(['bench/panel', 'bench/council', 'bench/agents', 'bench/panel:merged', 'sage']));

    const panel = await openai.chat.completions.create({ model: 'bench/panel', messages: [{ role: 'user', content: 'Tabs or spaces?' }] });
    const panelBench = (panel as unknown as { bench: { seats: Array<{ alias: string }> } }).bench;
    expect(panelBench.seats.map((seat) => seat.alias)).toEqual(['sage', 'scout', 'slowpoke', 'flaky']);
    expect(panel.choices[0]!.message.content).toContain('Tabs or spaces?');

    const merged = await openai.chat.completions.create({ model: 'bench/council', messages: [{ role: 'user', content: 'Tabs or spaces?' }] });
    expect(merged.choices[0]!.message.content).toContain('Merged answer');

    const route = await openai.chat.completions.create({ model: 'claude-opus-4-8', messages: [{ role: 'user', content: 'hello agent' }] });
    expect(route.choices[0]!.message.content).toContain('hello agent');
    expect(['flaky', 'scout', 'sage']).toContain(route.model);
  });

  it('takes a config file, --port 0 picks a free port, and the flag wins over PORT', async () => {
    const path = configFile({ ledger: 'memory:', providers: {}, models: {}, collections: {} });
    const cli = await startCli(['--config', path, '--port', '0'], { PORT: '1' });
    running.push(cli);
    const health = await fetch(`${cli.url}/bench/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await cli.stop()).toBe(0);
  });

  it('refuses a configuration naming the path and the reason, with exit code 2', async () => {
    const path = configFile({
      ledger: 'memory:',
      providers: { local: { baseURL: 'http://127.0.0.1:1/v1', api: 'openai-chat' } },
      models: { m1: { provider: 'local', model: 'x' } },
      collections: { core: { members: ['m1', 'm9'] } },
    });
    const { code, output } = await runCliToExit(['--config', path, '--port', '0']);
    expect(code).toBe(2);
    expect(output).toContain('collections.core.members[1]: unknown model "m9"');
  });

  it("refuses to listen beyond loopback without keys, and requires each key's secret in the environment", async () => {
    const open = configFile({ ledger: 'memory:', server: { host: '0.0.0.0' } });
    const refused = await runCliToExit(['--config', open, '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('server.host: "0.0.0.0" is not a loopback address, and no keys are configured');

    const keyed = configFile({ ledger: 'memory:', keys: { alice: { keyEnv: 'BENCH_KEY_ALICE' } } });
    const missing = await runCliToExit(['--config', keyed, '--port', '0']);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('keys.alice.keyEnv: the environment variable BENCH_KEY_ALICE is not set');
  });

  it('stays up through hostile requests that once took the process down', async () => {
    const cli = await startCli(['--demo', '--port', '0'], {}, mkdtempSync(join(tmpdir(), 'bench-hostile-')));
    running.push(cli);
    const { port } = new URL(cli.url);
    // A WebSocket upgrade (Codex asks for one first) whose caller resets the socket before the refusal is written.
    const upgrade =
      'GET /v1/responses HTTP/1.1\r\nhost: x\r\nconnection: upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    for (let n = 0; n < 100; n += 1) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(upgrade);
          socket.resetAndDestroy();
          resolve();
        });
        socket.on('error', () => resolve());
      });
    }
    // A Gemini model name in the path that is no valid percent-encoding.
    const undecodable = await fetch(`${cli.url}/v1beta/models/%ZZ:generateContent`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(undecodable.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cli.child.exitCode, cli.output()).toBeNull();
    expect((await fetch(`${cli.url}/bench/health`)).status).toBe(200);
  });
});
