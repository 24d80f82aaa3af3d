import type { KeyTotals } from '@bench/ledger';
import type { BudgetPeriod } from '../config/limits-schema';
import { EngineError } from '../errors/engine-error';
import type { Caller } from '../names/permissions';
import type { EngineRuntime } from '../runtime/engine-runtime';
import type { KeyLimitFigures } from './limits';
import { budgetWindow } from './limit-windows';

/** A key's requests admitted and tokens used (input plus output) in the last 60 s, whether or not it has an rpm or a tpm. */
export interface MinuteUsage {
  window: 'sliding-minute';
  requests: number;
  tokens: number;
}

/**
 * What a key's requests added up to in a UTC period so far, as the ledger recorded and priced them: the requests its
 * callers made (once each, whatever the reply mode; a refused one is not counted), and the upstream calls made for
 * them (a panel's seats and merger, a shaper, a route turn's attempts; not shadows, the gateway's own), whose tokens
 * and dollars these are.
 */
export interface PeriodUsage {
  window: BudgetPeriod;
  /** The period's start and end (ISO, UTC). */
  since: string;
  resets_at: string;
  requests: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  /** Input plus output, as a tpm counts them. */
  tokens: number;
  /** Input tokens read from the prompt cache (part of `input_tokens`). */
  cached_tokens: number;
  usd: number;
}

/** `GET /bench/keys/me`: the key's usage, then its limits and those of the collections it may call, as `KeyLimitFigures` has them. */
export interface KeyUsage extends KeyLimitFigures {
  usage: { minute: MinuteUsage } & Record<BudgetPeriod, PeriodUsage>;
}

const PERIODS: readonly BudgetPeriod[] = ['day', 'week', 'month'];

/** Dollars as the limits show them: to the millionth. */
const usd = (dollars: number) => Math.round(dollars * 1e6) / 1e6;

export async function keyUsage(runtime: EngineRuntime, caller: Caller, now: number): Promise<KeyUsage> {
  const windows = PERIODS.map((per) => ({ per, ...budgetWindow(per, now) }));
  const [limits, minute, totals] = await Promise.all([
    runtime.limits.usage(caller),
    runtime.limits.minute(caller.keyName),
    Promise.all(windows.map(({ start }) => runtime.ledger.keyTotals({ key: caller.keyName, from: start }))).catch((error: unknown) => {
      runtime.logger.warn({ err: (error as Error).message }, "a key's usage could not be read from the ledger");
      throw new EngineError(503, 'unavailable', "the ledger did not answer, so this key's usage cannot be read; try again shortly");
    }),
  ]);
  const periods = Object.fromEntries(windows.map((window, index) => [window.per, periodUsage(window.per, window, totals[index]!)])) as Record<
    BudgetPeriod,
    PeriodUsage
  >;
  return { ...limits, usage: { minute: { window: 'sliding-minute', ...minute }, ...periods } };
}

function periodUsage(per: BudgetPeriod, window: { start: number; end: number }, totals: KeyTotals): PeriodUsage {
  return {
    window: per,
    since: new Date(window.start).toISOString(),
    resets_at: new Date(window.end).toISOString(),
    requests: totals.requests,
    calls: totals.calls,
    input_tokens: totals.inputTokens,
    output_tokens: totals.outputTokens,
    tokens: totals.inputTokens + totals.outputTokens,
    cached_tokens: totals.cachedTokens,
    usd: usd(totals.cost),
  };
}
