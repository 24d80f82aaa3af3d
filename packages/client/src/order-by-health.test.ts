import { describe, expect, it } from 'vitest';
import type { ModelTarget } from './model-target';
import type { MemberHealth } from './health/health-store';
import { orderByHealth } from './order-by-health';

const t = (alias: string): ModelTarget => ({ alias, api: 'openai-chat', baseURL: 'http://x', model: alias });

describe('orderByHealth', () => {
  it('puts cooling candidates last, keeping the given order within each group', () => {
    const health = (fields: Partial<MemberHealth>): MemberHealth => ({ failures: 0, openUntil: 0, probeUntil: 0, limitedUntil: 0, ...fields });
    const records = new Map([
      ['a', health({ openUntil: 200 })], // circuit open
      ['c', health({ limitedUntil: 50 })], // rate limited until before now
      ['d', health({ limitedUntil: 300 })], // rate limited
    ]);
    expect(orderByHealth([t('a'), t('b'), t('c'), t('d')], records, 100).map((c) => c.alias)).toEqual(['b', 'c', 'a', 'd']);
  });
});
