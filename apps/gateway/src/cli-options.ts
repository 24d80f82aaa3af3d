import { parseArgs } from 'node:util';
import { explainArgError } from './cli-arg-error';

export interface CliOptions {
  configPath?: string;
  port?: number;
  host?: string;
  demo: boolean;
  help: boolean;
  version: boolean;
}

/** The command words, after which come that command's own flags. */
export const COMMANDS = ['check', 'schema', 'stats', 'export', 'mcp'] as const;
export type CommandName = (typeof COMMANDS)[number];

export const USAGE = `usage: bench-gateway [--config FILE] [--port N] [--host H] [--demo]
       bench-gateway check [--config FILE]
       bench-gateway schema
       bench-gateway stats [--config FILE | --ledger URL | --demo] [--collection NAME] [--shape SHAPE] [--json]
       bench-gateway export [--config FILE | --ledger URL | --demo] [--from DATE] [--to DATE] [--format jsonl|csv]
       bench-gateway mcp [--config FILE | --url URL]
       bench-gateway --help | --version

  --config FILE  the configuration file (JSON with comments); env BENCH_CONFIG
  --port N       the port to listen on (0 picks a free one); env PORT
  --host H       the address to listen on (default 127.0.0.1)
  --demo         simulated members, so you can watch a panel, a merge and a route
                 work without any API key
  --help, -h     this text
  --version, -v  the version of bench-gateway

  check          validates the config and the environment variables it names,
                 reaches each provider's model listing, the ledger and the state
                 store; one line each; exits 1 when a request would fail
  schema         prints the config's JSON Schema (for editors: "$schema" in a config)
  stats          each model's calls, failures, useful verdicts, tokens and cost,
                 from the ledger the config names (default sqlite:.bench/ledger.db;
                 --demo: what the demo recorded);
                 --collection for one collection, --shape for each model's record on one shape,
                 --json for the figures as JSON
  export         the calls themselves, to stdout: --from (inclusive) and --to
                 (exclusive) as ISO dates or date-times, --format jsonl (default) or csv
  mcp            bench's MCP server on stdio (tools ask, verdict, collections,
                 records): --config runs the engine in this process, --url calls
                 a running gateway's /mcp; either way with the key in BENCH_KEY
                 (see docs/mcp.md)

  docs: docs/ in the bench repository (docs/README.md lists every page)`;

const FLAGS = {
  config: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  demo: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** Flags win over the environment, which wins over the file. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  // `pnpm start -- --port 0` hands the `--` on as an argument of its own.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let values: { config?: string; port?: string; host?: string; demo?: boolean; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw explainArgError(error, Object.keys(FLAGS));
  }
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
    version: values.version ?? false,
  };
}
