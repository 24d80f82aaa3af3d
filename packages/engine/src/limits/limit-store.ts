/**
 * A counter the limits keep in the state store. Sliding: what was added in the last `windowMs` (each amount leaves
 * the window `windowMs` after it was added). Fixed: what was added since its window began, its name naming the
 * window, so that the next window is a new counter; gone once `resetsAt` is past.
 */
export type Counter = { kind: 'sliding'; name: string; windowMs: number } | { kind: 'fixed'; name: string; resetsAt: number };

/** A counter checked before a turn: refused when it holds `limit` or more; `add` is what an admitted turn adds to it (a request: 1). */
export interface CounterCheck {
  counter: Counter;
  limit: number;
  add: number;
}

export type Admission =
  | { ok: true }
  | { ok: false /** The first check that refused. */; index: number; used: number /** Until it is under its limit again. */; retryAfterMs: number };

export interface CounterReading {
  used: number;
  /** Sliding: until the oldest amount counted leaves the window (undefined: nothing counted). Fixed: until the window ends. */
  freesInMs: number | undefined;
  /** At or over its limit: until it is under it again (what a refusal's Retry-After says). */
  retryAfterMs: number | undefined;
}

/** A counter read against its limit. */
export type CounterQuery = Omit<CounterCheck, 'add'>;

/** Where the limits' counters live: in memory for one process, in Redis for replicas (and across restarts). */
export interface LimitStore {
  /** Checks every counter and, only when none is at its limit, adds each check's `add`: one step, so replicas cannot both take the last slot. */
  admit(checks: readonly CounterCheck[], now: number): Promise<Admission>;
  /**
   * Adds whole units (tokens, nanodollars) now. A store in this process adds at once and returns undefined, so that
   * counting a request and each call's tokens costs no promise; a remote one returns the write's promise.
   */
  add(counter: Counter, amount: number, now: number): Promise<void> | undefined;
  read(queries: readonly CounterQuery[], now: number): Promise<CounterReading[]>;
}
