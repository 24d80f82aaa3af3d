import { ConfigError, createGateway, parseConfig, parseConfigText, readConfigText, type GatewayConfig } from '@bench/gateway-node';
import { CliUsageError, unknownCommand } from './cli-arg-error';
import { COMMANDS, parseCliOptions, USAGE, type CommandName } from './cli-options';
import { formatCheckLines, runCheck } from './check-command';
import { configFromDiscovery, discoverySummary } from './config-from-discovery';
import { configJsonSchema } from './config-json-schema';
import { configWarnings } from './config-warnings';
import { demoConfig, startDemoUpstream } from './demo';
import { discoverProviders } from './discover-providers';
import { listenError } from './listen-error';
import { runMcpCommand } from './mcp-command';
import { parseLedgerCommand } from './ledger-command-options';
import { runLedgerCommand } from './ledger-commands';
import { unreachableLedger, unreachableState } from './service-warnings';
import { startupSummary } from './startup-summary';
import { gatewayVersion } from './version';
import { watchConfigFile } from './watch-config-file';

async function runCommand(command: CommandName, args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (command === 'schema') {
    if (args.length > 1) throw new CliUsageError(`schema takes no arguments, not "${args.slice(1).join(' ')}"`);
    console.log(JSON.stringify(configJsonSchema(), null, 2));
    return;
  }
  if (command === 'mcp') {
    await runMcpCommand(args.slice(1), process.env);
    return;
  }
  if (command === 'check') {
    const options = parseCliOptions(args.slice(1), process.env);
    const lines = await runCheck(options.configPath, process.env);
    console.log(formatCheckLines(lines));
    const failed = lines.filter((line) => line.status === 'FAIL').length;
    console.log(failed === 0 ? 'check: ready to serve' : `check: ${failed} problem(s) a request would hit`);
    process.exitCode = failed === 0 ? 0 : 1;
    return;
  }
  await runLedgerCommand(parseLedgerCommand(args, process.env), process.stdout);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // `pnpm start -- stats` hands the `--` on as an argument of its own.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const word = args[0];
  if (word !== undefined && !word.startsWith('-')) {
    if (!COMMANDS.includes(word as CommandName)) throw unknownCommand(word, COMMANDS);
    await runCommand(word as CommandName, args);
    return;
  }
  const options = parseCliOptions(args, process.env);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.version) {
    console.log(gatewayVersion());
    return;
  }
  const cleanups: Array<() => Promise<void>> = [];
  let raw: Record<string, any>;
  let fileText: string | undefined;
  if (options.demo) {
    const upstream = await startDemoUpstream();
    cleanups.push(() => upstream.close());
    raw = demoConfig(upstream);
    console.error(
      'bench: demo mode: simulated members sage, scout, slowpoke and flaky; collections bench/panel (all), bench/council (merged), bench/agents (route)',
    );
  } else if (options.configPath) {
    fileText = readConfigText(options.configPath);
    raw = parseConfigText(fileText, options.configPath) as Record<string, any>;
  } else {
    const { providers, missing } = await discoverProviders(process.env);
    for (const line of discoverySummary(providers, missing)) console.error(`bench: ${line}`);
    if (providers.every((provider) => provider.models.length === 0)) {
      console.error('bench: nothing found to call, so starting the demo (simulated members); see the README to configure real models');
      const upstream = await startDemoUpstream();
      cleanups.push(() => upstream.close());
      raw = demoConfig(upstream);
    } else {
      raw = { ...configFromDiscovery(providers), ledger: 'sqlite:.bench/ledger.db' };
    }
  }
  // --host and --port win over the file, at start and at every reload.
  const adjust = (file: Record<string, any>) => ({
    ...file,
    server: { ...file.server, ...(options.host ? { host: options.host } : {}), ...(options.port !== undefined ? { port: options.port } : {}) },
  });
  const config: GatewayConfig = parseConfig(adjust(raw));
  const configFile = options.configPath !== undefined && fileText !== undefined ? { path: options.configPath, text: fileText, adjust } : undefined;

  const [ledgerDown, stateDown] = await Promise.all([unreachableLedger(config), unreachableState(config)]);
  if (ledgerDown) throw new Error(ledgerDown);
  const gateway = await createGateway({ config, ...(configFile ? { configFile } : {}) });
  let url: string;
  try {
    ({ url } = await gateway.listen());
  } catch (error) {
    await gateway.close().catch(() => undefined);
    throw listenError(error, config.server);
  }
  // Before the ready line, so that a change or a SIGHUP right after it is not missed: a valid change applies to new
  // requests; an invalid one is logged with its path and reason, and the old config stays.
  const watcher =
    configFile &&
    watchConfigFile(
      configFile.path,
      () => gateway.reloadConfig('file changed'),
      (error) => console.error(`bench: warning: cannot watch ${configFile.path} any more (${error.message}); SIGHUP still reloads it`),
    );
  process.on('SIGHUP', () => gateway.reloadConfig('SIGHUP'));
  if (configFile) gateway.reloadConfig('file changed'); // saved while the gateway started: nothing when it is the text read
  console.log(`bench gateway listening on ${url}`);
  console.log(startupSummary(config, url).join('\n'));
  for (const warning of [...configWarnings(config, process.env), ...(stateDown ? [stateDown] : [])]) console.error(`bench: warning: ${warning}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    watcher?.close();
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
