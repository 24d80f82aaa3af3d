import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../config-json-schema';
import { runCli } from '../test-support/run-cli';
import { configReference } from './config-reference';

const docs = new URL('../../../../docs/', import.meta.url);
const committed = (name: string) => readFileSync(new URL(name, docs), 'utf8');
const regenerate = 'regenerate them: pnpm --filter @bench/gateway build && pnpm --filter @bench/gateway generate-docs';

describe('the docs generated from the config schema', () => {
  it(`docs/config.schema.json is the schema as it is now (else ${regenerate})`, () => {
    expect(committed('config.schema.json')).toBe(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  });

  it(`docs/configuration.md is the reference as it is now (else ${regenerate})`, () => {
    expect(committed('configuration.md')).toBe(configReference(configJsonSchema()));
  });

  it('documents every field, with its description, and bench-gateway schema prints the same schema', async () => {
    const reference = committed('configuration.md');
    for (const field of ['`colour`', '`apiKeyEnv`', '`serverErrorRetries`', '`longContext`', '`stickyTtlMs`', '`keyEnv`', '`shutdownGraceMs`']) {
      if (field === '`colour`') expect(reference).not.toContain(field);
      else expect(reference).toContain(`| ${field}`);
    }
    expect(reference).not.toMatch(/\| `\w+`(?: \(required\))? \| [^|]+ \| [^|]* \| {2}\|/); // no field without a description
    const { code, stdout } = await runCli(['schema']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(committed('config.schema.json')));
  });
});
