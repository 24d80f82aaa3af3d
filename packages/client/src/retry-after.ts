const SECONDS = /^\s*\d+(\.\d+)?\s*$/;
/** The longest wait an upstream is taken at its word for: beyond it (`1e308`), the wait is a day. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * How long an upstream asked to wait, from `retry-after-ms` (milliseconds) or
 * `retry-after` (seconds, or an HTTP date measured against `now`).
 */
export function parseRetryAfter(headers: Readonly<Record<string, string>>, now: number): number | undefined {
  const asked = askedWait(headers, now);
  return asked === undefined ? undefined : Math.min(asked, MAX_RETRY_AFTER_MS);
}

function askedWait(headers: Readonly<Record<string, string>>, now: number): number | undefined {
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers['retry-after'];
  if (after === undefined || after.trim() === '') return undefined;
  if (SECONDS.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
