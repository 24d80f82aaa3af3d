/** DESIGN.md's defaults, in one place. */
export const DEFAULT_TIMEOUTS = { firstTokenMs: 90_000, idleMs: 60_000, totalMs: 600_000, graceMs: 15_000 };
export const DEFAULT_RETRY = { retryAfterMaxMs: 5_000, serverErrorRetries: 1, maxMembers: 3, backoffMs: 250, continuations: 2 };
export const DEFAULT_COOLDOWN = { afterFailures: 3, forMs: 30_000 };
export const DEFAULT_ROTATE = 0.25;
export const DEFAULT_STICKY_TTL_MS = 3_600_000;

export const DEFAULT_SERVER = {
  host: '127.0.0.1',
  port: 4747,
  cors: [] as string[],
  bodyLimitBytes: 20 * 1024 * 1024,
  requestTimeoutMs: 600_000,
  keepAliveMs: 10_000,
  shutdownGraceMs: 10_000,
};

export const DEFAULT_LEDGER = 'sqlite:.bench/ledger.db';
export const DEFAULT_STATE = 'memory:';
export const DEFAULT_SERVICE_NAME = 'bench-gateway';

/** Shadow calls of one collection in flight at most, when its `shadow` does not say. */
export const DEFAULT_SHADOW_MAX_CONCURRENT = 2;
