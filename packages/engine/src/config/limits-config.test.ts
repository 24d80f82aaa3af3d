import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { issuesOf } from './config-issues-of';
import { parseConfig } from './parse-config';

const withKey = (key: Record<string, unknown>) => {
  const raw = exampleConfig() as Record<string, any>;
  raw.keys = { ci: { keyEnv: 'BENCH_KEY_CI', ...key } };
  return raw;
};

describe('limits in the config', () => {
  it('takes rpm, tpm and a budget on a key and on a collection', () => {
    const raw = withKey({ rpm: 60, tpm: 200000, budget: { usd: 20, per: 'day' } });
    raw.collections.core.rpm = 600;
    raw.collections.core.budget = { usd: 0.5, per: 'month' };
    const config = parseConfig(raw);
    expect(config.keys.ci).toMatchObject({ rpm: 60, tpm: 200000, budget: { usd: 20, per: 'day' } });
    expect(config.collections.core).toMatchObject({ rpm: 600, budget: { usd: 0.5, per: 'month' } });
  });

  it('names the field and the reason of each bad value', () => {
    expect(issuesOf(withKey({ rpm: 0, tpm: 2.5 }))).toEqual([
      'keys.ci.rpm: rpm is a whole number of requests a minute (at least 1); leave it out for no limit',
      'keys.ci.tpm: tpm is a whole number of tokens a minute (at least 1); leave it out for no limit',
    ]);
    expect(issuesOf(withKey({ rpm: '60' }))).toEqual(['keys.ci.rpm: rpm is a whole number of requests a minute (at least 1); leave it out for no limit']);
    expect(issuesOf(withKey({ budget: { usd: -1, per: 'year' } }))).toEqual([
      'keys.ci.budget.usd: usd is the budget in dollars: a number above 0 (to refuse every request, take the key out)',
      'keys.ci.budget.per: per is the period the budget is for: "day", "week" or "month"',
    ]);
    expect(issuesOf(withKey({ budget: { usd: 20 } }))).toEqual(['keys.ci.budget.per: per is the period the budget is for: "day", "week" or "month"']);
    expect(issuesOf(withKey({ budget: { usd: 20, per: 'day', period: 'x' } }))).toEqual([
      'keys.ci.budget.period: unknown key "period" (known keys here: usd, per)',
    ]);
    expect(issuesOf(withKey({ budget: 20 }))).toEqual([expect.stringMatching(/^keys\.ci\.budget: /)]);
    const raw = exampleConfig() as Record<string, any>;
    raw.collections.core.tpm = -5;
    expect(issuesOf(raw)).toEqual(['collections.core.tpm: tpm is a whole number of tokens a minute (at least 1); leave it out for no limit']);
  });
});
