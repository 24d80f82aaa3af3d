import type { NeutralRequest } from '@bench/formats';
import { estimateTokens } from '@bench/formats';
import { NoSeatError } from './errors/no-seat-error';
import { PanelInputError } from './errors/panel-input-error';
import type { SkippedMember } from './panel-bench';
import { lookupMember, type MemberLookup, type PanelCollection, type PanelMember } from './panel-member';
import { type VisualNeeds, visualNeedsOf, whyCannotRead } from './why-cannot-read';

export interface SeatingInput {
  collection: PanelCollection;
  models: MemberLookup;
  request: NeutralRequest;
  /** Extra aliases the request names (`bench.with`). */
  with?: readonly string[];
}

export interface Seating {
  seats: PanelMember[];
  skipped: SkippedMember[];
}

/**
 * Who sits: the collection's members, then `with`, minus the skipped (retired,
 * ad hoc unless named in `with`, a vision specialist for a request without
 * images or documents, no vision for either, window under the estimate), then capped at
 * `maxCalls`. An unknown alias in `with` is refused (400), not skipped: a typo
 * should not quietly shrink the panel.
 */
export function seatMembers(input: SeatingInput): Seating {
  const { collection, models, request } = input;
  const extra = checkWith(input.with, models);
  const needs = visualNeedsOf(request);
  const tokens = estimateTokens(request);
  const seats: PanelMember[] = [];
  const skipped: SkippedMember[] = [];
  const seen = new Set<string>();
  const candidates = [...collection.members.map((alias) => ({ alias, named: false })), ...extra.map((alias) => ({ alias, named: true }))];
  let tooSmall = 0;
  candidates.forEach(({ alias, named }) => {
    if (seen.has(alias)) return;
    seen.add(alias);
    const seat = seen.size;
    const member = lookupMember(models, alias);
    if (!member) throw new PanelInputError(`collections.${collection.name}.members`, `unknown model "${alias}"`);
    const why = whySkip(member, named, needs, tokens);
    if (why) {
      if (why.startsWith('context window')) tooSmall += 1;
      skipped.push({ seat, alias, why });
    } else if (collection.maxCalls !== undefined && seats.length >= collection.maxCalls) {
      skipped.push({ seat, alias, why: `over the collection's maxCalls (${collection.maxCalls})` });
    } else seats.push(member);
  });
  if (seats.length === 0) throw new NoSeatError(collection.name, skipped, tooSmall > 0 && tooSmall === skipped.length);
  return { seats, skipped };
}

function whySkip(member: PanelMember, named: boolean, needs: VisualNeeds, tokens: number): string | undefined {
  if (member.retired) return `retired since ${member.retired.at}: ${member.retired.why}`;
  if (member.adHoc && !named) return 'ad hoc (seated only when the request names it in bench.with)';
  if (member.role === 'vision' && !needs.images && !needs.documents && !named) return 'a vision specialist and the request has no images or documents';
  return whyCannotRead(member, needs, tokens);
}

function checkWith(value: readonly string[] | undefined, models: MemberLookup): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PanelInputError('bench.with', 'must be an array of model aliases');
  value.forEach((alias: unknown, i) => {
    if (typeof alias !== 'string' || alias === '') throw new PanelInputError(`bench.with[${i}]`, 'must be a model alias (a non-empty string)');
    if (!lookupMember(models, alias)) throw new PanelInputError(`bench.with[${i}]`, `unknown model "${alias}"`);
  });
  return value;
}
