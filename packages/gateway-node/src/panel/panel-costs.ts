import type { Usage } from '@bench/formats';
import { usageCost, type Price } from '@bench/ledger';
import type { PanelBench } from '@bench/panel';

/**
 * A panel's `bench` with what each seat's and the merger's call cost (where
 * its model has a price), and `cost`, their sum, when every call that used
 * tokens has a price (a sum that leaves some out would read as the whole).
 */
export function withPanelCosts(bench: PanelBench, priceOf: (alias: string) => Price | undefined): Record<string, unknown> {
  let total = 0;
  let whole = true;
  const costed = <T extends { alias: string; usage?: Usage }>(entry: T): T | (T & { cost: number }) => {
    if (entry.usage === undefined) return entry;
    const cost = usageCost(entry.usage, priceOf(entry.alias));
    if (cost === null) {
      whole = false;
      return entry;
    }
    total += cost;
    return { ...entry, cost };
  };
  const seats = bench.seats.map(costed);
  const merger = bench.merger ? costed(bench.merger) : undefined;
  const out: Record<string, unknown> = { ...bench, seats };
  if (merger) out.merger = merger;
  if (whole && (seats.some((seat) => 'cost' in seat) || (merger && 'cost' in merger))) out.cost = Math.round(total * 1e9) / 1e9;
  return out;
}
