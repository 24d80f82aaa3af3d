const WINDOW_MS = 60_000;

export type PaceDecision = { ok: true } | { ok: false; retryAfterMs: number };

/** Per-model request pacing over a sliding 60 s window, on an injected clock. */
export class Pacer {
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes a slot for `alias` if fewer than `rpm` were taken in the last 60 s; else says when one frees. */
  take(alias: string, rpm: number): PaceDecision {
    const now = this.now();
    const times = this.sent.get(alias) ?? [];
    let expired = 0;
    while (expired < times.length && (times[expired] ?? 0) <= now - WINDOW_MS) expired += 1;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= rpm) return { ok: false, retryAfterMs: (times[0] ?? now) + WINDOW_MS - now };
    times.push(now);
    this.sent.set(alias, times);
    return { ok: true };
  }
}
