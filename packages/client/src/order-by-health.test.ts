import { describe, expect, it } from 'vitest';
import type { ModelTarget } from './model-target';
import { orderByHealth } from './order-by-health';

const t = (alias: string): ModelTarget => ({ alias, api: 'openai-chat', baseURL: 'http://x', model: alias });

describe('orderByHealth', () => {
  it('puts cooling candidates last, keeping the given order within each group', () => {
    const records = new Map([
      ['a', { failures: 3, coolingUntil: 200 }],
      ['c', { failures: 1, coolingUntil: 50 }],
      ['d', { failures: 1, coolingUntil: 300 }],
    ]);
    expect(orderByHealth([t('a'), t('b'), t('c'), t('d')], records, 100).map((c) => c.alias)).toEqual(['b', 'c', 'a', 'd']);
  });
});
