import type { LimitSpec } from './limit-specs';

/** `12 s`, `4 min`, `3 h 12 min`, `2 d 5 h`: how long until a limit frees, rounded up to its last unit. */
export function durationWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Dollars as people read them: cents, or two significant digits below a cent. */
export function usdWords(usd: number): string {
  return `$${usd >= 0.01 || usd === 0 ? usd.toFixed(2) : usd.toPrecision(2)}`;
}

/** `2026-12-02 00:00 UTC` */
export const utcWords = (time: number) => `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** `key "ci"`, `collection "agents"` */
export const ownerWords = (spec: LimitSpec) => `${spec.scope} "${spec.owner}"`;
