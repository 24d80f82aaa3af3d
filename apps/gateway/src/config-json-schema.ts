import { configSchema } from '@bench/gateway-node';
import { z } from 'zod';

/** Where the committed schema is published (the `$schema` line of the examples points at the file in the repository). */
export const CONFIG_SCHEMA_ID = 'https://raw.githubusercontent.com/bench-gateway/bench/main/docs/config.schema.json';

/** The config file's JSON Schema, from the same zod schema the gateway validates with. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: CONFIG_SCHEMA_ID, title: 'bench gateway configuration' };
}
