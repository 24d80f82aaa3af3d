import { configSchema } from '@bench/gateway-node';
import { z } from 'zod';

/** The config file's JSON Schema, from the same zod schema the gateway validates with. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'bench gateway configuration' };
}
