import type { HealthStore } from '@bench/client';

/**
 * The client's health store inside the gateway: empty. The router keeps every
 * member's health (in memory, or in Redis shared by the replicas) and already
 * orders a turn's members by it, so the client tries them in the router's
 * order instead of reordering by a second, per-process record.
 */
export const routerOwnedHealth: HealthStore = {
  get: async () => undefined,
  getMany: async () => new Map(),
  recordFailure: async () => ({ failures: 0 }),
  recordSuccess: async () => undefined,
};
