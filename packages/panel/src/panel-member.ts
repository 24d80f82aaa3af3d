import type { ModelTarget, RetrySettings, Timeouts } from '@bench/client';
import type { PanelPrice } from './call-recorder';

/** One configured model a panel may seat (the gateway fills it from `models.<alias>`). */
export interface PanelMember {
  /** The configured alias (`m1`); `target.alias` should be the same. */
  alias: string;
  /** What the client needs to call it. */
  target: ModelTarget;
  /** Tokens; a member whose window is under the request's estimate is skipped. Unknown: not checked. */
  contextWindow?: number;
  /** Tokens; a larger output budget is cut to this (with a warning on the call's record). */
  maxOutput?: number;
  /** Reads images. Unknown (absent) counts as no when the request has images. */
  vision?: boolean;
  /** `vision`: a vision specialist, not seated for a request without images. */
  role?: 'vision';
  /** Never seated automatically; seated only when the request names it in `with`. */
  adHoc?: boolean;
  /** Never seated, nor merging. */
  retired?: { at: string; why: string };
  /** Price per million tokens, passed into its call records. */
  price?: PanelPrice;
  /** The provider's name in the config, for the records. */
  provider?: string;
}

/** The collection a panel is for. */
export interface PanelCollection {
  name: string;
  /** Member aliases, in seat order. */
  members: readonly string[];
  /** The merger's alias; empty or absent: chosen by record. */
  merger?: string;
  /** At most this many seats (after skipping). */
  maxCalls?: number;
  /**
   * With more eligible members than `maxCalls`: this many of the seats (default 2, at most `maxCalls` − 1) go to
   * explorers, the members with the least record on the shape; the rest to the best records.
   */
  maxExplorers?: number;
  /**
   * `learned`: with more eligible members than `maxCalls`, the seats go to the highest Thompson draws of each member's
   * chance of a useful answer on the shape (`sampleUsefulness`), which explores by itself; no explorer seats.
   * Otherwise (`record`, the default): the best records and `maxExplorers` explorers.
   */
  order?: 'record' | 'learned';
  /** The collection's timeouts and retries, passed to every call (each model's own win). */
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
}

/** Where a panel looks a member up: a map, a record, or a function. */
export type MemberLookup = ReadonlyMap<string, PanelMember> | Readonly<Record<string, PanelMember>> | ((alias: string) => PanelMember | undefined);

export function lookupMember(models: MemberLookup, alias: string): PanelMember | undefined {
  if (typeof models === 'function') return models(alias);
  if (models instanceof Map) return models.get(alias);
  const record = models as Readonly<Record<string, PanelMember>>;
  return Object.hasOwn(record, alias) ? record[alias] : undefined;
}
