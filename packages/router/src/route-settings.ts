import type { CooldownSettings } from '@bench/contracts';

/** How a new conversation's members are ordered. */
export type RouteOrder = 'record' | 'listed' | 'learned';

export const ROUTE_ORDERS: readonly RouteOrder[] = Object.freeze(['record', 'listed', 'learned']);

/** How a collection routes: order, stickiness and failover width. */
export interface RouteSettings {
  /**
   * `record` (default): ranked by the record on the request's shape, with rotation; `listed`: the order written, no
   * rotation; `learned`: Thompson sampling from each member's Beta posterior of a useful answer on the shape.
   */
  order: RouteOrder;
  /** Keep a conversation on its member (default true); false plans every request afresh. */
  sticky: boolean;
  /** Probability that the least recently used member goes first for a new conversation (default 0.25). */
  rotate: number;
  /** Idle time after which a conversation is forgotten (default 1 h). */
  stickyTtlMs: number;
  /** Most members tried in one turn (default 3). */
  maxMembers: number;
}

export const DEFAULT_ROUTE_SETTINGS: Readonly<RouteSettings> = Object.freeze({
  order: 'record',
  sticky: true,
  rotate: 0.25,
  stickyTtlMs: 3_600_000,
  maxMembers: 3,
});

/** When a member is cooled down after failures (the shared health store's policy). */
export type { CooldownSettings } from '@bench/contracts';

export const DEFAULT_COOLDOWN: Readonly<CooldownSettings> = Object.freeze({
  afterFailures: 3,
  forMs: 30_000,
});
