// pnpm bench (regret part): cumulative regret of each route ordering over
// 10,000 new conversations, through the real router's plan and settle with
// memory stores (on the built dist).
//   node bench/regret-bench.mjs [--seeds N]
// Regret of a conversation = the best usefulness any member present has on its
// shape − the chosen member's (expected values, so the figure is not verdict noise).
// "record with explorers" does not apply to routes: a route asks one member,
// and rotation is its exploration; panels' explorers are simulated by
// `pnpm --filter @bench/panel bench:regret`.
import { simulateRoutes } from './simulate-routes.mjs';

const seedsArg = process.argv.indexOf('--seeds');
const SEEDS = Array.from({ length: seedsArg > 0 ? Number(process.argv[seedsArg + 1]) : 7 }, (_, i) => 101 + i * 13);

const ORDERINGS = [
  { name: 'record with rotation (default, rotate 0.25)', settings: { order: 'record' } },
  { name: 'record, no rotation (reference)', settings: { order: 'record', rotate: 0 } },
  { name: 'learned (Thompson sampling)', settings: { order: 'learned' } },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.log(`regret over 10,000 new conversations, 4 shapes, 5 members + a newcomer at 3,000, verdicts on 30 %; median of ${SEEDS.length} seeds`);
const medians = {};
for (const ordering of ORDERINGS) {
  const runs = [];
  for (const seed of SEEDS) runs.push(await simulateRoutes({ settings: ordering.settings, seed }));
  const regrets = runs.map((run) => run.regret);
  medians[ordering.name] = median(regrets);
  console.log(
    `  ${ordering.name.padEnd(46)} regret ${median(regrets).toFixed(1).padStart(7)}  (min ${Math.min(...regrets).toFixed(1)}, max ${Math.max(...regrets).toFixed(1)})` +
      `  newcomer's share of code, last 1,000: ${(median(runs.map((r) => r.newcomerShareOnCodeAtEnd)) * 100).toFixed(0)} %`,
  );
}
const ratio = medians['learned (Thompson sampling)'] / medians['record with rotation (default, rotate 0.25)'];
console.log(`learned / record with rotation: ${ratio.toFixed(3)} (goal: at most 0.5) ${ratio <= 0.5 ? 'met' : 'NOT met'}`);
