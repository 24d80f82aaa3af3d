import type { HealthStore, MemberHealth } from '@bench/client';

const NONE: ReadonlyMap<string, MemberHealth> = new Map();

/**
 * The client's health store inside the engine: it reads every member as
 * healthy and keeps nothing. The router keeps every member's health (in the
 * same kind of store, in memory or in Redis shared by the replicas) and already
 * orders a turn's members by it, so the client tries them in the router's order.
 */
export const routerOwnedHealth: HealthStore = {
  read: () => NONE,
  claimProbe: () => false,
  releaseProbe: () => undefined,
  succeeded: () => undefined,
  failed: () => undefined,
  rateLimited: () => undefined,
};
