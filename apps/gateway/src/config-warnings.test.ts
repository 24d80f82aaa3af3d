import { parseConfig } from '@bench/gateway-node';
import { describe, expect, it } from 'vitest';
import { configWarnings } from './config-warnings';

const learnedPanel = (collection: Record<string, unknown>) =>
  parseConfig({
    providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
    models: { m1: { provider: 'up', model: 'up-1' }, m2: { provider: 'up', model: 'up-2' } },
    collections: { core: { members: ['m1', 'm2'], maxCalls: 1, ...collection } },
  });

describe('configWarnings', () => {
  it('warns that maxExplorers does nothing for a learned panel, naming the collection and what to do', () => {
    expect(configWarnings(learnedPanel({ order: 'learned', maxExplorers: 1 }), {})).toEqual([
      'collection core: maxExplorers does nothing with order "learned" (its seats are Thompson draws, which explore by themselves); remove maxExplorers, or use order "record" for explorer seats',
    ]);
    expect(configWarnings(learnedPanel({ order: 'learned' }), {})).toEqual([]);
    expect(configWarnings(learnedPanel({ order: 'record', maxExplorers: 1 }), {})).toEqual([]);
  });
});

const pooled = (apiKeyEnv: string | string[]) =>
  parseConfig({
    ledger: 'memory:',
    providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat', apiKeyEnv } },
    models: { m1: { provider: 'up', model: 'x' } },
    collections: { core: { members: ['m1'] } },
  });

describe('start-up warnings about provider keys', () => {
  it("name a key pool's variables that are not set, and the ones the pool runs on", () => {
    expect(configWarnings(pooled(['KEY_A', 'KEY_B', 'KEY_C']), { KEY_B: 'sk-b' })).toEqual([
      'provider up: KEY_A, KEY_C of its key pool are not set, so the pool runs on KEY_B; set them, or take them out of apiKeyEnv',
    ]);
    expect(configWarnings(pooled(['KEY_A', 'KEY_B']), { KEY_A: 'sk-a', KEY_B: 'sk-b' })).toEqual([]);
  });

  it('say when no key of a pool, or the one key, is set: the models are called without a key', () => {
    expect(configWarnings(pooled(['KEY_A', 'KEY_B']), {})).toEqual([
      'provider up: no variable of its key pool (KEY_A, KEY_B) is set, so its models are called without a key; set KEY_A, KEY_B, or remove apiKeyEnv if http://127.0.0.1:9/v1 needs none',
    ]);
    expect(configWarnings(pooled('ONE_KEY'), {})).toEqual([
      'provider up: ONE_KEY is not set, so its models are called without a key; set ONE_KEY, or remove apiKeyEnv if http://127.0.0.1:9/v1 needs none',
    ]);
  });
});
