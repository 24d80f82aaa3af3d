import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, parseConfig, readConfigFile, type GatewayConfig } from '@bench/gateway-node';
import { createLedger } from '@bench/ledger';
import { configFromDiscovery, discoverySummary } from './config-from-discovery';
import { discoverProviders } from './discover-providers';
import { listProviderModels } from './list-provider-models';
import { probeService } from './probe-service';
import { ledgerPlace, statePlace } from './service-address';

export interface CheckLine {
  status: 'ok' | 'warn' | 'FAIL';
  text: string;
}

const TIMEOUT_MS = 3000;

/**
 * `bench-gateway check`: the config, the environment variables it names, each
 * provider's model listing, the ledger and the state store, a line each. A
 * FAIL is anything a request would need; a warn is worth a look.
 */
export async function runCheck(configPath: string | undefined, env: NodeJS.ProcessEnv): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  let config: GatewayConfig;
  if (configPath === undefined) {
    const { providers, missing } = await discoverProviders(env, TIMEOUT_MS);
    const found = providers.some((provider) => provider.models.length > 0);
    lines.push({
      status: found ? 'ok' : 'FAIL',
      text: `no config file (--config or BENCH_CONFIG): the gateway ${found ? 'calls the providers found in the environment' : 'finds nothing to call and starts the demo'}`,
    });
    for (const line of discoverySummary(providers, missing)) lines.push({ status: 'ok', text: line });
    config = parseConfig({ ...configFromDiscovery(providers) });
  } else {
    try {
      config = parseConfig(readConfigFile(configPath));
    } catch (error) {
      if (!ConfigError.isInstance(error)) return [{ status: 'FAIL', text: (error as Error).message }];
      return error.issues.map((issue) => ({ status: 'FAIL', text: `config ${issue.path}: ${issue.message}` }));
    }
    const count = (record: object, what: string) => `${Object.keys(record).length} ${what}`;
    lines.push({
      status: 'ok',
      text: `config ${configPath}: ${count(config.providers, 'providers')}, ${count(config.models, 'models')}, ${count(config.collections, 'collections')}, ${count(config.keys, 'keys')}`,
    });
  }

  for (const [name, key] of Object.entries(config.keys)) {
    lines.push(
      env[key.keyEnv]
        ? { status: 'ok', text: `key ${name}: ${key.keyEnv} is set` }
        : { status: 'FAIL', text: `key ${name}: ${key.keyEnv} is not set (the gateway refuses to start without it)` },
    );
  }
  await Promise.all(
    Object.entries(config.providers).map(async ([name, provider]) => {
      if (provider.apiKeyEnv && !env[provider.apiKeyEnv]) {
        lines.push({ status: 'FAIL', text: `provider ${name}: ${provider.apiKeyEnv} is not set, so its calls would go without a key` });
      }
      const listing = await listProviderModels(provider, env, TIMEOUT_MS);
      if (!listing.ok) {
        lines.push({ status: 'FAIL', text: `provider ${name}: cannot list its models at ${listing.url}: ${listing.reason}` });
        return;
      }
      lines.push({ status: 'ok', text: `provider ${name}: ${listing.models.length} models listed at ${listing.url}` });
      const configured = Object.entries(config.models).filter(([, model]) => model.provider === name);
      const missing = configured.filter(([, model]) => listing.models.length > 0 && !listing.models.includes(model.model));
      for (const [alias, model] of missing)
        lines.push({ status: 'warn', text: `model ${alias}: ${name} does not list "${model.model}" (a typo, or a model it serves unlisted?)` });
    }),
  );
  lines.push(await checkLedger(config.ledger));
  lines.push(await checkState(config.state));
  return lines;
}

async function checkLedger(url: string): Promise<CheckLine> {
  const ledger = ledgerPlace(url);
  if (ledger.kind === 'memory') return { status: 'warn', text: 'ledger memory: calls are kept only while the gateway runs' };
  if (ledger.kind === 'SQLite') {
    const path = resolve(ledger.place);
    if (existsSync(path)) return { status: 'ok', text: `ledger SQLite at ${path}` };
    return { status: 'ok', text: `ledger SQLite at ${path} (created at start${existsSync(dirname(path)) ? '' : ', with its folder'})` };
  }
  const reason = ledger.address ? await probeService(ledger.address, TIMEOUT_MS) : 'not a valid URL';
  const where = ledger.address ? `${ledger.address.host}:${ledger.address.port}` : ledger.place;
  if (reason !== undefined) return { status: 'FAIL', text: `ledger Postgres at ${where}: cannot be reached: ${reason}` };
  try {
    const opened = await createLedger(url);
    await opened.close();
    return { status: 'ok', text: `ledger Postgres at ${where}: connected` };
  } catch (error) {
    return { status: 'FAIL', text: `ledger Postgres at ${where}: ${(error as Error).message.replace(url, ledger.place)}` };
  }
}

async function checkState(url: string): Promise<CheckLine> {
  const state = statePlace(url);
  if (!state.address) return { status: 'ok', text: `state ${state.kind}: ${state.place}` };
  const where = `${state.address.host}:${state.address.port}`;
  const reason = await probeService(state.address, TIMEOUT_MS, 'redis');
  return reason === undefined
    ? { status: 'ok', text: `state Redis at ${where}: answers` }
    : { status: 'FAIL', text: `state Redis at ${where}: cannot be reached: ${reason}` };
}

/** One line each, the status first and aligned. */
export function formatCheckLines(lines: readonly CheckLine[]): string {
  return lines.map((line) => `${line.status.padEnd(5)} ${line.text}`).join('\n');
}
