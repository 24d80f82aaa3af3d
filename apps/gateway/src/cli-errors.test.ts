import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { runCli, runCliToExit } from './test-support/run-cli';

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

describe('bench-gateway errors that say what to do', () => {
  it('--version and -v print the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const run = await runCli([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(version);
    }
  });

  it('--help lists every command and flag', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const word of [
      'check',
      'schema',
      'stats',
      'export',
      '--config',
      '--port',
      '--host',
      '--demo',
      '--help',
      '--version',
      '--ledger',
      '--collection',
      '--json',
      '--from',
      '--to',
      '--format',
    ]) {
      expect(stdout).toContain(word);
    }
  });

  it('an unknown flag points to --help and suggests the nearest one', async () => {
    const run = await runCliToExit(['--prot', '0']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('unknown option --prot (did you mean --port?); see bench-gateway --help');
    const stats = await runCliToExit(['stats', '--jsn']);
    expect(stats.output).toContain('unknown option --jsn for stats (did you mean --json?); see bench-gateway --help');
  });

  it('an unknown command points to --help and suggests the nearest one', async () => {
    const run = await runCliToExit(['chek']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('unknown command "chek" (did you mean "check"?)');
    expect(run.output).toContain('see bench-gateway --help');
  });

  it('an unknown config key gives its path and the nearest known key, at the top and nested', async () => {
    const path = configFile({ ledger: 'memory:', colections: {}, server: { prot: 1 } });
    const run = await runCliToExit(['--config', path, '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('colections: unknown key "colections" (did you mean "collections"?)');
    expect(run.output).toContain('server.prot: unknown key "prot" (did you mean "port"?)');
  });

  it('a port in use says so and names --port', async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as { port: number };
    const run = await runCliToExit(['--config', configFile({ ledger: 'memory:' }), '--port', String(port)]);
    expect(run.code).toBe(2);
    expect(run.output).toContain(`port ${port} on 127.0.0.1 is in use`);
    expect(run.output).toContain('--port N');
  });
});
