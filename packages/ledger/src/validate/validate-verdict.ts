import { cutValue } from '@bench/contracts';
import { LedgerInputError } from '../errors/ledger-input-error';
import { MAX_NOTE_BYTES, type VerdictInput } from '../verdict';
import { describe, requireObject, requireString } from './fields';

const FIELDS = new Set(['call', 'useful', 'note']);

/** Checks a posted verdict (client input: strict); throws `LedgerInputError` naming the field and why. */
export function validateVerdict(value: unknown): VerdictInput {
  const verdict = requireObject(value, 'verdict');
  for (const key of Object.keys(verdict)) {
    if (!FIELDS.has(key)) throw new LedgerInputError(`verdict.${cutValue(key)}`, 'is not a verdict field (expected call, useful, note)');
  }
  const call = requireString(verdict.call, 'verdict.call');
  if (typeof verdict.useful !== 'boolean') {
    throw new LedgerInputError('verdict.useful', `must be true or false, got ${describe(verdict.useful)}`);
  }
  if (verdict.note === undefined || verdict.note === null) return { call, useful: verdict.useful };
  if (typeof verdict.note !== 'string') {
    throw new LedgerInputError('verdict.note', `must be a string when present, got ${describe(verdict.note)}`);
  }
  const bytes = Buffer.byteLength(verdict.note, 'utf8');
  if (bytes > MAX_NOTE_BYTES) {
    throw new LedgerInputError('verdict.note', `is ${bytes} bytes; a note may be at most ${MAX_NOTE_BYTES} bytes (UTF-8)`);
  }
  return { call, useful: verdict.useful, note: verdict.note };
}
