import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { parseConfig } from '../config/parse-config';
import { modelTargetOf } from './model-target';

describe('modelTargetOf', () => {
  it('builds a model once per config, and again as soon as its key in the environment changes', () => {
    const config = parseConfig(exampleConfig());
    const env: NodeJS.ProcessEnv = { LOCAL_API_KEY: 'first' };
    const first = modelTargetOf(config, 'm1', env);
    expect(first).toMatchObject({ alias: 'm1', api: 'openai-chat', model: 'qwen3:8b', apiKey: 'first', contextWindow: 32768 });
    expect(modelTargetOf(config, 'm1', env)).toBe(first);

    env.LOCAL_API_KEY = 'rotated';
    const rotated = modelTargetOf(config, 'm1', env);
    expect(rotated.apiKey).toBe('rotated');
    expect(rotated).not.toBe(first);

    delete env.LOCAL_API_KEY;
    expect(modelTargetOf(config, 'm1', env)).not.toHaveProperty('apiKey');
  });

  it('keeps each config to its own targets', () => {
    const one = parseConfig(exampleConfig());
    const raw = exampleConfig() as { providers: { local: { baseURL: string } } };
    raw.providers.local.baseURL = 'http://127.0.0.1:9999/v1';
    const other = parseConfig(raw);
    expect(modelTargetOf(one, 'm1', {}).baseURL).toBe('http://127.0.0.1:11434/v1');
    expect(modelTargetOf(other, 'm1', {}).baseURL).toBe('http://127.0.0.1:9999/v1');
  });
});
