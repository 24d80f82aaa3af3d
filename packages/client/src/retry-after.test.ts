import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it('reads retry-after-ms first', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '250', 'retry-after': '9' }, NOW)).toBe(250);
  });
  it('reads retry-after as seconds, fractions included', () => {
    expect(parseRetryAfter({ 'retry-after': '2' }, NOW)).toBe(2_000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, NOW)).toBe(500);
  });
  it('reads retry-after as an HTTP date against the injected clock, never negative', () => {
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }, NOW)).toBe(7_000);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, NOW)).toBe(0);
  });
  it('takes no wait longer than a day at its word', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '1e308' }, NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter({ 'retry-after': '99999999999' }, NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter({ 'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT' }, NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter({ 'retry-after': '86399' }, NOW)).toBe(86_399_000);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter({ 'retry-after': 'soon' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after-ms': '-5' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({}, NOW)).toBeUndefined();
  });
});
