import { randomBytes } from 'node:crypto';
import { PanelInputError } from './errors/panel-input-error';

const URL_SAFE = /^[A-Za-z0-9_-]{1,64}$/;

/** A new panel id: `p` and 10 URL-safe random characters (60 bits). */
export function newPanelId(): string {
  return `p${randomBytes(8).toString('base64url').slice(0, 10)}`;
}

/** Checks a caller-given panel id: URL-safe, no dots (call ids add `.<n>`), 1–64 characters. */
export function checkPanelId(id: string): string {
  if (typeof id !== 'string' || !URL_SAFE.test(id)) {
    throw new PanelInputError('panel id', 'must be 1–64 characters of A–Z, a–z, 0–9, "_" or "-"');
  }
  return id;
}
