import { randomUUID } from 'node:crypto';
import { PanelInputError } from './errors/panel-input-error';

const URL_SAFE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A new panel id: `p`, the time (epoch ms, 9 base-36 digits) and 15 random
 * hex digits (60 bits). Ids made later sort after earlier ones, so the
 * ledger's index on call ids grows at its end instead of touching a random
 * page for every call (which, at a few thousand calls a second, was most of
 * the cost of writing them). The random digits come from `randomUUID`, which
 * draws from a pooled buffer: `randomBytes` per id cost several microseconds.
 */
export function newPanelId(now: number = Date.now()): string {
  const uuid = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-…: skip the dashes and the version digit
  return `p${now.toString(36).padStart(9, '0')}${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(15, 18)}`;
}

/** Checks a caller-given panel id: URL-safe, no dots (call ids add `.<n>`), 1–64 characters. */
export function checkPanelId(id: string): string {
  if (typeof id !== 'string' || !URL_SAFE.test(id)) {
    throw new PanelInputError('panel id', 'must be 1–64 characters of A–Z, a–z, 0–9, "_" or "-"');
  }
  return id;
}
