import { parseConfig } from '@bench/gateway-node';
import { describe, expect, it } from 'vitest';
import { configWarnings } from './config-warnings';

const config = (collection: Record<string, unknown>) =>
  parseConfig({
    providers: { up: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
    models: { m1: { provider: 'up', model: 'up-1' }, m2: { provider: 'up', model: 'up-2' } },
    collections: { core: { members: ['m1', 'm2'], maxCalls: 1, ...collection } },
  });

describe('configWarnings', () => {
  it('warns that maxExplorers does nothing for a learned panel, naming the collection and what to do', () => {
    expect(configWarnings(config({ order: 'learned', maxExplorers: 1 }), {})).toEqual([
      'collection core: maxExplorers does nothing with order "learned" (its seats are Thompson draws, which explore by themselves); remove maxExplorers, or use order "record" for explorer seats',
    ]);
    expect(configWarnings(config({ order: 'learned' }), {})).toEqual([]);
    expect(configWarnings(config({ order: 'record', maxExplorers: 1 }), {})).toEqual([]);
  });
});
