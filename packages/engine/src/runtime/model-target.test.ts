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

  it('names the variable of a single key, and builds a key pool of the variables set, again when one of them changes', () => {
    const raw = exampleConfig() as { providers: { local: Record<string, unknown> } };
    expect(modelTargetOf(parseConfig(raw), 'm1', { LOCAL_API_KEY: 'one' })).toMatchObject({ apiKey: 'one', apiKeyName: 'LOCAL_API_KEY' });
    raw.providers.local.apiKeyEnv = ['KEY_A', 'KEY_B', 'KEY_C'];
    raw.providers.local.refusedKeyCooldownMs = 60_000;
    const config = parseConfig(raw);
    const env: NodeJS.ProcessEnv = { KEY_A: 'a', KEY_C: 'c' };
    const first = modelTargetOf(config, 'm1', env);
    expect(first.keyPool).toEqual({
      id: 'local',
      keys: [
        { name: 'KEY_A', value: 'a' },
        { name: 'KEY_C', value: 'c' },
      ],
      refusedForMs: 60_000,
    });
    expect(first).not.toHaveProperty('apiKey');
    expect(modelTargetOf(config, 'm1', env)).toBe(first);
    env.KEY_B = 'b';
    expect(modelTargetOf(config, 'm1', env).keyPool?.keys.map((key) => key.name)).toEqual(['KEY_A', 'KEY_B', 'KEY_C']);
    env.KEY_A = 'rotated';
    expect(modelTargetOf(config, 'm1', env).keyPool?.keys[0]).toEqual({ name: 'KEY_A', value: 'rotated' });
    // No variable of the pool set: the model is called without a key (the gateway warns at start).
    expect(modelTargetOf(config, 'm1', {})).not.toHaveProperty('keyPool');
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
