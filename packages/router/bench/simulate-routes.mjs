// The route side of the regret benchmark: members with hidden usefulness per
// shape answer 10,000 new conversations planned and settled by the real router
// (memory stores); a share of turns gets a verdict, written to the memory
// record source the router ranks by. The world (hidden usefulness per member
// and shape) is testkit's USEFULNESS_WORLD, shared with the panel's benchmark.
import { createMemoryRecordSource, createRouter } from '@bench/router';
import { seededRandom as seeded, USEFULNESS_WORLD } from '@bench/testkit';

const { shapes: SHAPES, founders: FOUNDERS, newcomer: NEWCOMER, usefulness: USEFULNESS } = USEFULNESS_WORLD;

const member = (alias) => ({ alias, contextWindow: 128_000, maxOutput: 8_000, tools: true, vision: true });

function request(n) {
  return {
    model: 'bench/agents',
    system: [{ type: 'text', text: 'You are a coding agent.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text: `task ${n}` }] }],
    stream: true,
    extra: {},
  };
}

/** Cumulative (expected) regret of one ordering over `conversations`, and how often the newcomer led its best shape at the end. */
export async function simulateRoutes({ settings, seed, conversations = 10_000, verdictShare = 0.3, newcomerAt = 3_000 }) {
  const records = createMemoryRecordSource();
  let clock = 1_800_000_000_000;
  const router = createRouter({ records, random: seeded(seed), now: () => clock });
  const world = seeded(seed + 7_919);
  const founders = { name: 'agents', members: FOUNDERS.map(member) };
  const everyone = { name: 'agents', members: [...FOUNDERS, NEWCOMER].map(member) };
  let regret = 0;
  let lateNewcomerOnCode = 0;
  let lateCode = 0;
  for (let n = 0; n < conversations; n += 1) {
    clock += 1_000;
    const collection = n < newcomerAt ? founders : everyone;
    const shape = SHAPES[Math.floor(world() * SHAPES.length)];
    const plan = await router.plan({ collection, keyName: 'bench', request: request(n), settings, shape });
    const chosen = plan.members[0].alias;
    await router.settle(plan, { answered: chosen });
    const best = Math.max(...collection.members.map((m) => USEFULNESS[m.alias][shape]));
    regret += best - USEFULNESS[chosen][shape];
    const useful = world() < USEFULNESS[chosen][shape];
    if (world() < verdictShare) records.addVerdict(chosen, useful, shape);
    if (n >= conversations - 1_000 && shape === 'code') {
      lateCode += 1;
      if (chosen === NEWCOMER) lateNewcomerOnCode += 1;
    }
  }
  return { regret, newcomerShareOnCodeAtEnd: lateNewcomerOnCode / lateCode };
}
