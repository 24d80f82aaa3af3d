import { z } from 'zod';

export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

const about = (description: string, examples: unknown[]) => ({ description, examples });

const perMinute = (what: string, unit: string) =>
  z
    .number({ error: `${what} is a whole number of ${unit} a minute (at least 1); leave it out for no limit` })
    .int(`${what} is a whole number of ${unit} a minute (at least 1); leave it out for no limit`)
    .positive(`${what} is a whole number of ${unit} a minute (at least 1); leave it out for no limit`);

export const budgetSchema = z.strictObject({
  usd: z
    .number({ error: 'usd is the budget in dollars: a number above 0' })
    .positive('usd is the budget in dollars: a number above 0 (to refuse every request, take the key out)')
    .meta({ description: 'Dollars the ledger may price for the calls in each period (as `bench.cost` and the ledger price them).', examples: [20] }),
  per: z
    .enum(BUDGET_PERIODS, { error: 'per is the period the budget is for: "day", "week" or "month"' })
    .meta({ description: 'The period: a UTC day, an ISO week (from Monday 00:00 UTC), or a calendar month (UTC).', examples: ['day'] }),
});

export type BudgetConfig = z.infer<typeof budgetSchema>;

/**
 * `rpm`, `tpm` and `budget` of a key (its own) or of a collection (for everyone who calls it together). Both
 * kinds are checked before a turn's first upstream call; a turn over one is refused with a 429.
 */
export function limitFields(whose: 'key' | 'collection') {
  const who = whose === 'key' ? 'this key' : 'everyone together calling this collection';
  return {
    rpm: perMinute('rpm', 'requests')
      .optional()
      .meta(about(`Requests ${who} may make in any 60 s (a sliding window); over it, a request is refused with a 429 and Retry-After.`, [60])),
    tpm: perMinute('tpm', 'tokens')
      .optional()
      .meta(
        about(
          `Input plus output tokens ${who} may use in any 60 s (a sliding window), counted as each turn's calls end: a turn that goes over finishes, the next is refused.`,
          [200000],
        ),
      ),
    budget: budgetSchema
      .optional()
      .meta(
        about(
          `Dollars ${who} may spend a day, week or month (UTC), as the ledger prices its calls (seats, mergers, shapers, routes; not shadows, which \`shadow.usdPerDay\` caps): a turn that goes over finishes, the next is refused until the period ends.`,
          [{ usd: 20, per: 'day' }],
        ),
      ),
  };
}
