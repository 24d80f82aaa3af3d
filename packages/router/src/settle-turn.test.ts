import { describe, expect, it } from 'vitest';
import { chatRequest, manualClock, member } from './__fixtures__/requests';
import { createRouter, type PlanInput } from './create-router';
import type { Collection } from './member';

const agents: Collection = { name: 'agents', members: [member('m1'), member('m2'), member('m3')] };
const aliases = (plan: { members: Array<{ alias: string }> }) => plan.members.map((m) => m.alias);

function turn(user: string): PlanInput {
  return { collection: agents, keyName: 'k', request: chatRequest({ user }), settings: { rotate: 0 } };
}

describe('router.settle: cooldowns', () => {
  it('opens the circuit after 3 failures, probes once after the cooldown, closes when it answers', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now });
    for (let i = 0; i < 2; i += 1) {
      const plan = await router.plan(turn(`fail ${i}`));
      await router.settle(plan, { answered: 'm2', failed: [{ alias: 'm1' }] });
    }
    expect(aliases(await router.plan(turn('still closed')))[0]).toBe('m1');
    const third = await router.plan(turn('third failure'));
    await router.settle(third, { answered: 'm2', failed: [{ alias: 'm1' }] });

    const cooling = await router.plan(turn('while open'));
    expect(aliases(cooling)).toEqual(['m2', 'm3', 'm1']);
    expect(cooling.members[2]).toMatchObject({ alias: 'm1', cooling: true });

    clock.advance(30_000);
    const probe = await router.plan(turn('probe'));
    expect(probe.members[0]).toMatchObject({ alias: 'm1', probe: true, cooling: false });
    const held = await router.plan(turn('during the probe'));
    expect(aliases(held)).toEqual(['m2', 'm3', 'm1']);

    await router.settle(probe, { answered: 'm1' });
    const closed = await router.plan(turn('closed again'));
    expect(closed.members[0]).toMatchObject({ alias: 'm1', probe: false, cooling: false });
  });

  it('reopens the circuit when the probe fails', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now, cooldown: { afterFailures: 1, forMs: 1_000 } });
    await router.settle(await router.plan(turn('a')), { answered: 'm2', failed: [{ alias: 'm1' }] });
    clock.advance(1_000);
    const probe = await router.plan(turn('b'));
    expect(probe.members[0]?.probe).toBe(true);
    await router.settle(probe, { answered: 'm2', failed: [{ alias: 'm1' }] });
    clock.advance(999);
    expect(aliases(await router.plan(turn('c')))[2]).toBe('m1');
  });

  it('releases a probe that was planned but not tried, so the next turn may probe', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now, cooldown: { afterFailures: 1, forMs: 1_000 } });
    await router.settle(await router.plan(turn('a')), { answered: 'm1', failed: [{ alias: 'm3' }] });
    clock.advance(1_000);
    const probing = await router.plan(turn('b'));
    expect(probing.members.map((m) => [m.alias, m.probe])).toEqual([
      ['m1', false],
      ['m2', false],
      ['m3', true],
    ]);
    expect((await router.plan(turn('c'))).members[2]).toMatchObject({ alias: 'm3', probe: false, cooling: true });
    await router.settle(probing, { answered: 'm1' });
    expect((await router.plan(turn('d'))).members[2]).toMatchObject({ alias: 'm3', probe: true });
  });

  it('claims no probe for a half-open member beyond maxMembers', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now, cooldown: { afterFailures: 1, forMs: 1_000 } });
    const narrow = { ...turn('a'), settings: { rotate: 0, maxMembers: 2 } };
    await router.settle(await router.plan(turn('x')), { answered: 'm1', failed: [{ alias: 'm3' }] });
    clock.advance(1_000);
    expect((await router.plan(narrow)).members.map((m) => m.alias)).toEqual(['m1', 'm2']);
    expect((await router.plan(turn('b'))).members[2]).toMatchObject({ alias: 'm3', probe: true });
  });

  it('cools a rate-limited member for its retry-after', async () => {
    const clock = manualClock();
    const router = createRouter({ now: clock.now });
    await router.settle(await router.plan(turn('a')), { answered: 'm2', failed: [{ alias: 'm1', rateLimited: true, retryAfterMs: 5_000 }] });
    clock.advance(4_999);
    expect(aliases(await router.plan(turn('b')))).toEqual(['m2', 'm3', 'm1']);
    clock.advance(1);
    expect(aliases(await router.plan(turn('c')))[0]).toBe('m1');
  });

  it('a conversation whose member cools down tries the others first', async () => {
    const router = createRouter({ cooldown: { afterFailures: 1, forMs: 60_000 } });
    const first = await router.plan(turn('long task'));
    await router.settle(first, { answered: 'm1' });
    await router.settle(await router.plan(turn('other')), { answered: 'm2', failed: [{ alias: 'm1' }] });
    const next = await router.plan(turn('long task'));
    expect(next.isNew).toBe(false);
    expect(aliases(next)).toEqual(['m2', 'm3', 'm1']);
  });

  it('refuses an outcome naming a member not planned', async () => {
    const router = createRouter();
    const plan = await router.plan(turn('a'));
    await expect(router.settle(plan, { answered: 'm9' })).rejects.toThrow('outcome.answered: "m9" was not planned for this turn');
    await expect(router.settle(plan, { failed: [{ alias: 'm1', retryAfterMs: -1 }] })).rejects.toThrow('outcome.failed[0].retryAfterMs');
  });
});
