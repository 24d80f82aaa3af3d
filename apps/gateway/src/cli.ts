import { ConfigError, createGateway } from '@bench/gateway-node';
import { parseCliOptions, USAGE } from './cli-options';
import { configFromDiscovery, discoverySummary } from './config-from-discovery';
import { demoConfig, startDemoUpstream } from './demo';
import { discoverProviders } from './discover-providers';
import { LEDGER_COMMANDS, parseLedgerCommand, type LedgerCommandName } from './ledger-command-options';
import { runLedgerCommand } from './ledger-commands';
import { readConfigFile } from './read-config-file';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // `pnpm start -- stats` hands the `--` on as an argument of its own.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  if (LEDGER_COMMANDS.includes(args[0] as LedgerCommandName)) {
    if (args.includes('--help') || args.includes('-h')) {
      console.log(USAGE);
      return;
    }
    await runLedgerCommand(parseLedgerCommand(args, process.env), process.stdout);
    return;
  }
  const options = parseCliOptions(argv, process.env);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const cleanups: Array<() => Promise<void>> = [];
  let config: Record<string, any>;
  if (options.demo) {
    const upstream = await startDemoUpstream();
    cleanups.push(() => upstream.close());
    config = demoConfig(upstream);
    console.error('bench: demo mode: simulated members sage, scout, slowpoke and flaky; collections bench/panel (all), bench/council (merged), bench/agents (route)');
  } else if (options.configPath) {
    config = readConfigFile(options.configPath) as Record<string, any>;
  } else {
    const { providers, missing } = await discoverProviders(process.env);
    for (const line of discoverySummary(providers, missing)) console.error(`bench: ${line}`);
    if (providers.every((provider) => provider.models.length === 0)) {
      console.error('bench: nothing found to call, so starting the demo (simulated members); see the README to configure real models');
      const upstream = await startDemoUpstream();
      cleanups.push(() => upstream.close());
      config = demoConfig(upstream);
    } else {
      config = { ...configFromDiscovery(providers), ledger: 'sqlite:.bench/ledger.db' };
    }
  }
  config.server = { ...config.server, ...(options.host ? { host: options.host } : {}), ...(options.port !== undefined ? { port: options.port } : {}) };

  const gateway = await createGateway({ config });
  const { url } = await gateway.listen();
  console.log(`bench gateway listening on ${url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`bench: ${signal}: finishing open streams, flushing the ledger`);
    let code = 0;
    try {
      await gateway.close();
    } catch (error) {
      console.error(`bench: ${(error as Error).message}`); // e.g. "3 ledger records were not written at close: …"
      code = 1;
    }
    for (const cleanup of cleanups) await cleanup();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (ConfigError.isInstance(error)) {
    console.error(`bench-gateway: the configuration is not valid:\n${error.issues.map((issue) => `  ${issue.path}: ${issue.message}`).join('\n')}`);
  } else {
    console.error(`bench-gateway: ${(error as Error).message}`);
  }
  process.exit(2);
});
