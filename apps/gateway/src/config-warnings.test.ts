import { parseConfig } from '@bench/gateway-node';
import { describe, expect, it } from 'vitest';
import { configWarnings } from './config-warnings';

const config = (apiKeyEnv: string | string[]) =>
  parseConfig({
    ledger: 'memory:',
    providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat', apiKeyEnv } },
    models: { m1: { provider: 'up', model: 'x' } },
    collections: { core: { members: ['m1'] } },
  });

describe('start-up warnings about provider keys', () => {
  it("name a key pool's variables that are not set, and the ones the pool runs on", () => {
    expect(configWarnings(config(['KEY_A', 'KEY_B', 'KEY_C']), { KEY_B: 'sk-b' })).toEqual([
      'provider up: KEY_A, KEY_C of its key pool are not set, so the pool runs on KEY_B; set them, or take them out of apiKeyEnv',
    ]);
    expect(configWarnings(config(['KEY_A', 'KEY_B']), { KEY_A: 'sk-a', KEY_B: 'sk-b' })).toEqual([]);
  });

  it('say when no key of a pool, or the one key, is set: the models are called without a key', () => {
    expect(configWarnings(config(['KEY_A', 'KEY_B']), {})).toEqual([
      'provider up: no variable of its key pool (KEY_A, KEY_B) is set, so its models are called without a key; set KEY_A, KEY_B, or remove apiKeyEnv if http://127.0.0.1:9/v1 needs none',
    ]);
    expect(configWarnings(config('ONE_KEY'), {})).toEqual([
      'provider up: ONE_KEY is not set, so its models are called without a key; set ONE_KEY, or remove apiKeyEnv if http://127.0.0.1:9/v1 needs none',
    ]);
  });
});
