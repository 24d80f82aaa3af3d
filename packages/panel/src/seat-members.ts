import type { NeutralRequest } from '@bench/formats';
import { estimateTokens } from '@bench/formats';
import { NoSeatError } from './errors/no-seat-error';
import { PanelInputError } from './errors/panel-input-error';
import type { SkippedMember } from './panel-bench';
import { lookupMember, type MemberLookup, type PanelCollection, type PanelMember } from './panel-member';
import type { UsefulRecords } from './panel-record';
import { pickSeats } from './pick-seats';
import { type VisualNeeds, visualNeedsOf, whyCannotRead } from './why-cannot-read';
import { quoteValue } from '@bench/contracts';

export interface SeatingInput {
  collection: PanelCollection;
  models: MemberLookup;
  request: NeutralRequest;
  /** Extra aliases the request names (`bench.with`). */
  with?: readonly string[];
  /** Records per alias: who sits when there are more members than `maxCalls`. */
  records?: UsefulRecords;
  /** The request's shape (default `general`): records are read on it, else the whole record. */
  shape?: string;
  /** Uniform [0, 1) for `order: "learned"` draws (default Math.random); inject a seeded one for deterministic tests. */
  random?: () => number;
}

export interface Seating {
  /** In seat order (members, then `with`). */
  seats: PanelMember[];
  skipped: SkippedMember[];
  /** The aliases of the seats given to explorers (empty when everyone eligible sits). */
  explorers: string[];
}

/** A member that may sit, with its place among the candidates. */
export interface Candidate {
  alias: string;
  /** 1-based: members, then `with`. */
  seat: number;
  member: PanelMember;
  /** Why it cannot take the request; absent when it can. */
  why?: string;
}

/**
 * Who sits: the collection's members, then `with`, minus the skipped (retired,
 * ad hoc unless named in `with`, a vision specialist for a request without
 * images or documents, no vision for either, window under the estimate). When
 * more are left than `maxCalls`, the best records on the shape sit, and up to
 * `maxExplorers` seats go to the least recorded (see `pickSeats`); with
 * `order: "learned"`, the highest Thompson draws sit (see `drawSeats`). An unknown
 * alias in `with` is refused (400), not skipped: a typo should not quietly
 * shrink the panel.
 */
export function seatMembers(input: SeatingInput): Seating {
  const { collection, models, request } = input;
  const extra = checkWith(input.with, models);
  checkCaps(collection);
  const needs = visualNeedsOf(request);
  const tokens = estimateTokens(request);
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  // Members, then `with`, in indexed loops: this runs on every panel request (no arrays of pairs to walk).
  const { members } = collection;
  for (let i = 0; i < members.length + extra.length; i++) {
    const named = i >= members.length;
    const alias = named ? extra[i - members.length]! : members[i]!;
    if (seen.has(alias)) continue;
    seen.add(alias);
    const member = lookupMember(models, alias);
    if (!member) throw new PanelInputError(`collections.${collection.name}.members`, `unknown model "${alias}"`);
    // Key by key: a spread of an optional key makes an object Node 20 is slow to build and to read.
    const candidate: Candidate = { alias, seat: seen.size, member };
    const why = whySkip(member, named, needs, tokens);
    if (why !== undefined) candidate.why = why;
    candidates.push(candidate);
  }
  const picked = pickSeats(candidates, collection, input.records, input.shape ?? 'general', input.random ?? Math.random);
  const seats = picked.seats.map((candidate) => candidate.member);
  if (seats.length === 0) {
    const unable = candidates.filter((candidate) => candidate.why !== undefined);
    const tooSmall = unable.filter((candidate) => candidate.why?.startsWith('context window')).length;
    throw new NoSeatError(collection.name, picked.skipped, tooSmall > 0 && tooSmall === unable.length);
  }
  return { seats, skipped: picked.skipped, explorers: picked.explorers };
}

function whySkip(member: PanelMember, named: boolean, needs: VisualNeeds, tokens: number): string | undefined {
  if (member.retired) return `retired since ${member.retired.at}: ${member.retired.why}`;
  if (member.adHoc && !named) return 'ad hoc (seated only when the request names it in bench.with)';
  if (member.role === 'vision' && !needs.images && !needs.documents && !named) return 'a vision specialist and the request has no images or documents';
  return whyCannotRead(member, needs, tokens);
}

function checkCaps(collection: PanelCollection): void {
  for (const field of ['maxCalls', 'maxExplorers'] as const) {
    const value = collection[field];
    const least = field === 'maxCalls' ? 1 : 0;
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= least)) {
      throw new PanelInputError(`collections.${collection.name}.${field}`, `must be an integer, ${least} or more, got ${JSON.stringify(value)}`);
    }
  }
  const { order } = collection;
  if (order !== undefined && order !== 'record' && order !== 'learned') {
    throw new PanelInputError(`collections.${collection.name}.order`, `a panel seats by "record" or "learned", got ${JSON.stringify(order)}`);
  }
}

function checkWith(value: readonly string[] | undefined, models: MemberLookup): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PanelInputError('bench.with', 'must be an array of model aliases');
  value.forEach((alias: unknown, i) => {
    if (typeof alias !== 'string' || alias === '') throw new PanelInputError(`bench.with[${i}]`, 'must be a model alias (a non-empty string)');
    if (!lookupMember(models, alias)) throw new PanelInputError(`bench.with[${i}]`, `unknown model ${quoteValue(alias)}`);
  });
  return value;
}
