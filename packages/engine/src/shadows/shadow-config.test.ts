import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { issuesOf } from '../config/config-issues-of';
import { parseConfig } from '../config/parse-config';

/** DESIGN.md's example with a third model and `shadow` on a collection (the route `agents` unless told). */
function withShadow(shadow: unknown, collection = 'agents') {
  const raw = exampleConfig() as Record<string, any>;
  raw.models.m3 = { provider: 'local', model: 'mistral:7b' };
  raw.collections[collection].shadow = shadow;
  return raw;
}

describe('parseConfig: shadow', () => {
  it("takes DESIGN.md's shadow on a route collection, and leaves maxConcurrent and usdPerDay to their defaults", () => {
    expect(parseConfig(withShadow({ rate: 0.1, members: ['m3'], maxConcurrent: 2, usdPerDay: 5 })).collections.agents!.shadow).toEqual({
      rate: 0.1,
      members: ['m3'],
      maxConcurrent: 2,
      usdPerDay: 5,
    });
    expect(parseConfig(withShadow({ rate: 0, members: ['m3'] })).collections.agents!.shadow).toEqual({ rate: 0, members: ['m3'] });
    expect(parseConfig(withShadow({ rate: 1, members: ['m3'], usdPerDay: 0 })).collections.agents!.shadow?.usdPerDay).toBe(0);
  });

  it('names the field and the reason for a rate outside 0–1 or not a number', () => {
    expect(issuesOf(withShadow({ rate: 1.5, members: ['m3'] }))).toEqual([
      'collections.agents.shadow.rate: rate is the share of turns shadowed: between 0 and 1',
    ]);
    expect(issuesOf(withShadow({ rate: -0.1, members: ['m3'] }))).toEqual([
      'collections.agents.shadow.rate: rate is the share of turns shadowed: between 0 and 1',
    ]);
    expect(issuesOf(withShadow({ rate: '10%', members: ['m3'] }))).toEqual([expect.stringMatching(/^collections\.agents\.shadow\.rate: .*number/)]);
    expect(issuesOf(withShadow({ members: ['m3'] }))).toEqual([expect.stringMatching(/^collections\.agents\.shadow\.rate: /)]);
  });

  it('names an unknown shadow member, a member of the collection (refused, and why), and no members', () => {
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3', 'm9'] }))).toEqual([
      'collections.agents.shadow.members[1]: unknown model "m9" (known: m1, m2, m3)',
    ]);
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m1'] }))).toEqual([
      'collections.agents.shadow.members[0]: "m1" is a member of the collection: a shadow is a model the caller was not answered by, so its answer can be compared with the member\'s; name a model that is not in members',
    ]);
    expect(issuesOf(withShadow({ rate: 0.1, members: [] }))).toEqual(['collections.agents.shadow.members: a shadow needs at least one member']);
  });

  it('names a maxConcurrent under 1 or not whole, a negative usdPerDay, and an unknown key', () => {
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3'], maxConcurrent: 0 }))).toEqual([
      'collections.agents.shadow.maxConcurrent: maxConcurrent: at least 1 shadow call at a time (to shadow nothing, set rate to 0)',
    ]);
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3'], maxConcurrent: 1.5 }))).toEqual([
      'collections.agents.shadow.maxConcurrent: maxConcurrent is a whole number of shadow calls',
    ]);
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3'], usdPerDay: -5 }))).toEqual([
      'collections.agents.shadow.usdPerDay: usdPerDay is dollars and cannot be negative',
    ]);
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3'], maxConcurent: 2 }))).toEqual([
      'collections.agents.shadow.maxConcurent: unknown key "maxConcurent" (did you mean "maxConcurrent"?)',
    ]);
  });

  it('refuses shadow on a collection that does not reply route, saying why', () => {
    expect(issuesOf(withShadow({ rate: 0.1, members: ['m3'] }, 'core'))).toEqual([
      'collections.core.shadow: only a route collection shadows its turns (this one replies "all"): set "reply": "route", or leave shadow out',
    ]);
  });
});
