// pnpm bench:regret — panels' explorers and learned seats: 10,000 panels over 4 shapes, seated
// by the real `seatMembers` and merged by the real `rankMergers` (built dist),
// with records updated from simulated calls and verdicts (30 % of seats).
// Usefulness per member and shape is hidden: testkit's USEFULNESS_WORLD, the
// same world as the router's regret benchmark.
//   node bench/explorer-regret.mjs [--seeds N]
// Two regrets per panel: best usefulness among members present − the best
// seated member's (what the reader of an `all` reply could get), and − the
// merger's (the member an empty `merger` picks by record on the shape).
import { seededRandom as seeded, USEFULNESS_WORLD } from '@bench/testkit';
import { rankMergers, seatMembers } from '../dist/index.js';

const { shapes: SHAPES, founders: FOUNDERS, newcomer: NEWCOMER, usefulness: USEFULNESS } = USEFULNESS_WORLD;
const PANELS = 10_000;
const NEWCOMER_AT = 3_000;
const VERDICT_SHARE = 0.3;

const models = Object.fromEntries(
  Object.keys(USEFULNESS).map((alias) => [alias, { alias, target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: alias } }]),
);
const request = { model: 'bench/core', system: [], messages: [{ role: 'user', content: [{ type: 'text', text: 'a question' }] }], stream: false, extra: {} };

function note(records, alias, shape, at, verdict) {
  const whole = records.get(alias) ?? { useful: 0, notUseful: 0, calls: 0, failures: 0, shapes: {} };
  const onShape = whole.shapes[shape] ?? { calls: 0, useful: 0, notUseful: 0, failures: 0 };
  const add = (r) => ({
    ...r,
    calls: r.calls + 1,
    lastUsedAt: at,
    useful: r.useful + (verdict === true ? 1 : 0),
    notUseful: r.notUseful + (verdict === false ? 1 : 0),
  });
  records.set(alias, { ...add(whole), shapes: { ...whole.shapes, [shape]: add(onShape) } });
}

function simulate(seating, seed) {
  const world = seeded(seed);
  const draws = seeded(seed + 1);
  const records = new Map();
  let seatRegret = 0;
  let mergerRegret = 0;
  let newcomerSeated = 0;
  for (let n = 0; n < PANELS; n += 1) {
    const members = n < NEWCOMER_AT ? FOUNDERS : [...FOUNDERS, NEWCOMER];
    const collection = { name: 'core', members, maxCalls: 3, ...seating };
    const shape = SHAPES[Math.floor(world() * SHAPES.length)];
    const { seats } = seatMembers({ collection, models, request, records, shape, random: draws });
    const best = Math.max(...members.map((alias) => USEFULNESS[alias][shape]));
    seatRegret += best - Math.max(...seats.map((seat) => USEFULNESS[seat.alias][shape]));
    const merger = rankMergers(collection, models, records, shape).candidates[0].alias;
    mergerRegret += best - USEFULNESS[merger][shape];
    if (seats.some((seat) => seat.alias === NEWCOMER)) newcomerSeated += 1;
    for (const seat of seats) {
      const useful = world() < USEFULNESS[seat.alias][shape];
      note(records, seat.alias, shape, n, world() < VERDICT_SHARE ? useful : undefined);
    }
  }
  return { seatRegret, mergerRegret, newcomerSeated };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seedsArg = process.argv.indexOf('--seeds');
const SEEDS = Array.from({ length: seedsArg > 0 ? Number(process.argv[seedsArg + 1]) : 7 }, (_, i) => 101 + i * 13);

console.log(`panels: 10,000 over 4 shapes, maxCalls 3 of 5 members + a newcomer at 3,000, verdicts on 30 % of seats; median of ${SEEDS.length} seeds`);
const seatings = [
  ['record only (maxExplorers 0)', { maxExplorers: 0 }],
  ['record with explorers (maxExplorers 1)', { maxExplorers: 1 }],
  ['record with explorers (maxExplorers 2)', { maxExplorers: 2 }],
  ['learned (Thompson draws)', { order: 'learned' }],
];
for (const [label, seating] of seatings) {
  const runs = SEEDS.map((seed) => simulate(seating, seed));
  console.log(
    `  ${label.padEnd(38)} best-seat regret ${median(runs.map((r) => r.seatRegret))
      .toFixed(1)
      .padStart(7)}` +
      `  merger regret ${median(runs.map((r) => r.mergerRegret))
        .toFixed(1)
        .padStart(7)}` +
      `  newcomer seated in ${median(runs.map((r) => r.newcomerSeated))} of ${PANELS - NEWCOMER_AT} panels`,
  );
}
