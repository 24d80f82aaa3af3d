import type { Usage } from '@bench/formats';
import { usageCost, type Price } from '@bench/ledger';
import type { PanelBench } from '@bench/panel';

/**
 * A panel's `bench` with what each seat's and the merger's call cost (where
 * its model has a price), and `cost`, their sum, when every call that used
 * tokens has a price (a sum that leaves some out would read as the whole).
 * Without any price, the bench as it was.
 */
export function withPanelCosts(bench: PanelBench, priceOf: (alias: string) => Price | undefined): object {
  let total = 0;
  let priced = 0;
  let unpriced = 0;
  const costed = <T extends { alias: string; usage?: Usage }>(entry: T): T => {
    if (entry.usage === undefined) return entry;
    const cost = usageCost(entry.usage, priceOf(entry.alias));
    if (cost === null) {
      unpriced += 1;
      return entry;
    }
    priced += 1;
    total += cost;
    // Object.assign, not a spread: a spread given a key its source lacks makes an object Node 20 is slow to build and to stringify.
    return Object.assign({}, entry, { cost });
  };
  const seats = bench.seats.map(costed);
  const merger = bench.merger ? costed(bench.merger) : undefined;
  if (priced === 0) return bench;
  const out: Record<string, unknown> = {};
  Object.assign(out, bench, { seats });
  if (merger) out.merger = merger;
  if (unpriced === 0) out.cost = Math.round(total * 1e9) / 1e9;
  return out;
}
