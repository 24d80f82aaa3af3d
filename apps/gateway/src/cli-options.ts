import { parseArgs } from 'node:util';

export interface CliOptions {
  configPath?: string;
  port?: number;
  host?: string;
  demo: boolean;
  help: boolean;
}

export const USAGE = `usage: bench-gateway [--config FILE] [--port N] [--host H] [--demo]
       bench-gateway stats [--config FILE | --ledger URL | --demo] [--collection NAME] [--json]
       bench-gateway export [--config FILE | --ledger URL | --demo] [--from DATE] [--to DATE] [--format jsonl|csv]

  --config FILE  the configuration file (JSON with comments); env BENCH_CONFIG
  --port N       the port to listen on (0 picks a free one); env PORT
  --host H       the address to listen on (default 127.0.0.1)
  --demo         simulated members, so you can watch a panel, a merge and a route
                 work without any API key

  stats          each model's calls, failures, useful verdicts, tokens and cost,
                 from the ledger the config names (default sqlite:.bench/ledger.db;
                 --demo: what the demo recorded);
                 --collection for one collection, --json for the figures as JSON
  export         the calls themselves, to stdout: --from (inclusive) and --to
                 (exclusive) as ISO dates or date-times, --format jsonl (default) or csv`;

/** Flags win over the environment, which wins over the file. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  // `pnpm start -- --port 0` hands the `--` on as an argument of its own.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      config: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const portText = values.port ?? env.PORT;
  let port: number | undefined;
  if (portText !== undefined && portText !== '') {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`${values.port !== undefined ? '--port' : 'PORT'} must be a whole number from 0 to 65535, not "${portText}"`);
    }
  }
  const configPath = values.config ?? (env.BENCH_CONFIG || undefined);
  return {
    ...(configPath ? { configPath } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(values.host ? { host: values.host } : {}),
    demo: values.demo ?? false,
    help: values.help ?? false,
  };
}
