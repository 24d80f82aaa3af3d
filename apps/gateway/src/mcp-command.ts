import { parseArgs } from 'node:util';
import { createEngine, LOCAL_CALLER, parseConfig } from '@bench/engine';
import { createBenchMcpServer, createRemoteMcpServer, serveStdio } from '@bench/mcp';
import { CliUsageError, explainArgError } from './cli-arg-error';
import { readConfigFile } from '@bench/gateway-node';

const FLAGS = { config: { type: 'string' }, url: { type: 'string' } } as const;

/**
 * `bench-gateway mcp`: bench's MCP server on stdio, for clients that spawn their servers. `--config FILE` runs the
 * engine in this process; `--url URL` passes every call to a running gateway's /mcp with the key in BENCH_KEY.
 * stdout carries the protocol only: everything else goes to stderr.
 */
export async function runMcpCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  let values: { config?: string; url?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw explainArgError(error, Object.keys(FLAGS), 'mcp');
  }
  const configPath = values.config ?? (env.BENCH_CONFIG || undefined);
  if (values.url && values.config) throw new CliUsageError('mcp takes --config FILE (in-process) or --url URL (a running gateway), not both');
  if (values.url) {
    const key = env.BENCH_KEY || undefined;
    const remote = await createRemoteMcpServer({ url: mcpUrl(values.url), ...(key ? { key } : {}) });
    await serveStdio(remote.server);
    await remote.close();
    return;
  }
  if (!configPath) throw new CliUsageError('mcp needs --config FILE (the engine runs in this process) or --url URL with BENCH_KEY (a running gateway)');
  const engine = await createEngine(parseConfig(readConfigFile(configPath) as Record<string, unknown>), { env });
  try {
    let caller = LOCAL_CALLER;
    if (engine.keysEnabled) {
      const found = env.BENCH_KEY ? engine.authenticate(env.BENCH_KEY) : undefined;
      if (!found)
        throw new Error(
          env.BENCH_KEY ? 'BENCH_KEY matches no key of this config' : 'this config has keys: set BENCH_KEY to the key whose collections the MCP server serves',
        );
      caller = found;
    }
    await serveStdio(createBenchMcpServer(engine, caller));
  } finally {
    await engine.close();
  }
}

/** A gateway's address, or its /mcp endpoint itself. */
function mcpUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliUsageError(`--url: "${url}" is not a URL; e.g. http://127.0.0.1:4141`);
  }
  if (parsed.pathname === '/' || parsed.pathname === '') parsed.pathname = '/mcp';
  return parsed.toString();
}
