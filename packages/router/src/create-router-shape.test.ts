import { describe, expect, it } from 'vitest';
import { chatRequest, member, seededRandom } from './__fixtures__/requests';
import { createRouter, type PlanInput } from './create-router';
import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import type { Collection } from './member';
import { createMemoryRecordSource } from './stores/memory-record-source';
import type { ShapeRecord } from './stores/record-source';

const agents: Collection = { name: 'agents', members: [member('m1'), member('m2'), member('m3')] };
const onShape = (useful: number, notUseful = 0): ShapeRecord => ({ calls: useful + notUseful, useful, notUseful, failures: 0 });
const aliases = (plan: { members: Array<{ alias: string }> }) => plan.members.map((m) => m.alias);

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return { collection: agents, keyName: 'alice', request: chatRequest(), settings: { rotate: 0 }, ...overrides };
}

describe('router.plan on a shape', () => {
  it('ranks a new conversation by the record on its shape, falling back to the whole record, and says why', async () => {
    const records = createMemoryRecordSource({
      m1: { useful: 30, shapes: { code: onShape(2) } },
      m2: { useful: 5, shapes: { code: onShape(5) } },
      m3: { useful: 9 },
    });
    const router = createRouter({ records });
    const code = await router.plan(input({ shape: 'code', explain: true }));
    expect(aliases(code)).toEqual(['m3', 'm2', 'm1']);
    expect(code.shape).toBe('code');
    expect(code.members.map((m) => m.why)).toEqual(['9 useful verdicts overall (no record on code)', '5 useful verdicts on code', '2 useful verdicts on code']);
    expect(code.ranking?.map((r) => [r.alias, r.record])).toEqual([
      ['m3', 'whole'],
      ['m2', 'shape'],
      ['m1', 'shape'],
    ]);
    const general = await router.plan(input({ request: chatRequest({ user: 'another' }) }));
    expect(general.shape).toBe('general');
    expect(general).not.toHaveProperty('ranking');
    expect(aliases(general)).toEqual(['m1', 'm3', 'm2']);
  });

  it('says a conversation under way is kept on its member, while the ranking shows what a new one gets', async () => {
    const records = createMemoryRecordSource();
    const router = createRouter({ records });
    const first = await router.plan(input({ shape: 'code' }));
    await router.settle(first, { answered: 'm2', failed: [{ alias: 'm1' }] });
    const second = await router.plan(input({ shape: 'code', explain: true, request: chatRequest({ turns: 2 }) }));
    expect(second.members[0]).toMatchObject({ alias: 'm2', why: "the conversation's member" });
    expect(second.ranking?.[0]?.alias).toBe('m1');
  });

  it('notes the use on the shape when a turn settles', async () => {
    const records = createMemoryRecordSource();
    const router = createRouter({ records, now: () => 1_000 });
    const plan = await router.plan(input({ shape: 'code' }));
    await router.settle(plan, { answered: 'm1' });
    const m1 = (await records.getRecords(['m1'])).get('m1');
    expect(m1).toMatchObject({ lastUsedAt: 1_000, shapes: { code: { lastUsedAt: 1_000 } } });
  });

  it('learned order moves new conversations to the better member as verdicts arrive', async () => {
    const records = createMemoryRecordSource();
    const router = createRouter({ records, random: seededRandom(21) });
    const outcome = seededRandom(22);
    const usefulness: Record<string, number> = { m1: 0.2, m2: 0.85, m3: 0.4 };
    const firstOf: string[] = [];
    for (let i = 0; i < 400; i += 1) {
      const plan = await router.plan(input({ shape: 'code', settings: { order: 'learned' }, request: chatRequest({ user: `task ${i}` }) }));
      const chosen = plan.members[0]?.alias as string;
      firstOf.push(chosen);
      await router.settle(plan, { answered: chosen });
      records.addVerdict(chosen, outcome() < (usefulness[chosen] as number), 'code');
    }
    const share = (from: number, to: number) => firstOf.slice(from, to).filter((alias) => alias === 'm2').length / (to - from);
    // Early on every member is tried (the posterior is wide); later nearly every new conversation goes to m2.
    expect(new Set(firstOf.slice(0, 30))).toEqual(new Set(['m1', 'm2', 'm3']));
    expect(share(0, 10)).toBeLessThan(0.8);
    expect(share(300, 400)).toBeGreaterThan(0.9);
    // The verdicts went to the shape, and the posterior is what the plan explains.
    const m2 = (await records.getRecords(['m2'])).get('m2');
    const last = await router.plan(input({ shape: 'code', explain: true, settings: { order: 'learned' }, request: chatRequest({ user: 'last' }) }));
    const ranked = last.ranking?.find((r) => r.alias === 'm2');
    expect(ranked).toMatchObject({ record: 'shape', useful: m2?.shapes?.code?.useful, notUseful: m2?.shapes?.code?.notUseful });
  });
});

describe('router.plan refuses bad learning input', () => {
  it('an unknown order, naming the field and the choices', async () => {
    const router = createRouter();
    const error = await router.plan(input({ settings: { order: 'thompson' as 'learned' } })).catch((e: unknown) => e);
    expect(InvalidRouteInputError.isInstance(error)).toBe(true);
    expect((error as InvalidRouteInputError).message).toBe('settings.order: must be "record", "listed" or "learned", got "thompson"');
  });

  it('a shape that is not a name', async () => {
    const router = createRouter();
    await expect(router.plan(input({ shape: '' }))).rejects.toThrow('shape: must be a shape name (a non-empty string), got ""');
    await expect(router.plan(input({ shape: 7 as unknown as string }))).rejects.toThrow('shape: must be a shape name');
  });

  it('a record with negative counts, naming the member, shape and field', async () => {
    const bad = createRouter({
      records: createMemoryRecordSource({ m2: { useful: 3, shapes: { code: { calls: 4, useful: -1, notUseful: 0, failures: 0 } } } }),
    });
    const error = await bad.plan(input({ shape: 'code' })).catch((e: unknown) => e);
    expect(InvalidRouteInputError.isInstance(error)).toBe(true);
    expect((error as InvalidRouteInputError).field).toBe('records["m2"].shapes["code"].useful');
    expect((error as Error).message).toBe('records["m2"].shapes["code"].useful: must be a count (an integer, 0 or more), got -1');
    const whole = createRouter({ records: createMemoryRecordSource({ m1: { useful: 1, notUseful: -2 } }) });
    await expect(whole.plan(input())).rejects.toThrow('records["m1"].notUseful: must be a count (an integer, 0 or more), got -2');
    const cost = createRouter({ records: createMemoryRecordSource({ m1: { useful: 1, shapes: { code: { ...onShape(1), cost: -0.5 } } } }) });
    await expect(cost.plan(input())).rejects.toThrow('records["m1"].shapes["code"].cost: must be a number, 0 or more, got -0.5');
  });
});
