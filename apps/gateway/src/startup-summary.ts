import { resolve } from 'node:path';
import type { GatewayConfig } from '@bench/gateway-node';
import { ledgerPlace, statePlace, type ServicePlace } from './service-address';

const where = (service: ServicePlace) => (service.kind === 'SQLite' ? `SQLite at ${resolve(service.place)}` : `${service.kind}: ${service.place}`);

/** The lines after the ready line: what is served, how to reach it and where calls are kept; never a secret. */
export function startupSummary(config: GatewayConfig, url: string): string[] {
  const lines: string[] = [];
  const collections = Object.values(config.collections);
  if (collections.length === 0) lines.push('  collections  none (each model is called by its own name)');
  collections.forEach((collection, index) => {
    const mode = collection.reply === 'merged' && collection.merger ? `merged by ${collection.merger}` : collection.reply;
    lines.push(`${index === 0 ? '  collections  ' : '               '}bench/${collection.name} (${mode}): ${collection.members.join(', ')}`);
  });
  const byProvider = new Map<string, string[]>();
  for (const [alias, model] of Object.entries(config.models)) {
    byProvider.set(model.provider, [...(byProvider.get(model.provider) ?? []), alias === model.model ? alias : `${alias} (${model.model})`]);
  }
  if (byProvider.size === 0) lines.push('  models       none');
  [...byProvider].forEach(([provider, models], index) => {
    const shown = models.length > 8 ? `${models.slice(0, 8).join(', ')}, and ${models.length - 8} more` : models.join(', ');
    lines.push(`${index === 0 ? '  models       ' : '               '}${provider}: ${shown}`);
  });
  const aliases = Object.entries(config.aliases);
  if (aliases.length > 0) lines.push(`  aliases      ${aliases.map(([pattern, target]) => `${pattern} → ${target}`).join(', ')}`);
  const keys = Object.entries(config.keys);
  lines.push(
    `  keys         ${keys.length === 0 ? 'none: any key is accepted, on loopback only' : keys.map(([name, key]) => `${name} (${key.keyEnv})`).join(', ')}`,
  );
  lines.push(`  ledger       ${where(ledgerPlace(config.ledger))}`);
  lines.push(`  state        ${where(statePlace(config.state))}`);
  const example = collections[0] ? `bench/${collections[0].name}` : Object.keys(config.models)[0];
  if (example !== undefined) {
    const firstKey = keys[0];
    const auth = firstKey ? ` -H "authorization: Bearer $${firstKey[1].keyEnv}"` : '';
    const body = JSON.stringify({ model: example, messages: [{ role: 'user', content: 'Tabs or spaces?' }] });
    lines.push(`  try          curl -s ${url}/v1/chat/completions${auth} -H 'content-type: application/json' -d '${body}'`);
  }
  return lines;
}
