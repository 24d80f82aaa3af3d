import { LedgerInputError } from '../errors/ledger-input-error';
import type { TurnInput } from '../turn-record';
import { describe, isOptionalString, optionalAmount, optionalCount, optionalString, requireObject, requireString } from './fields';
import { validateUsage } from './validate-usage';

const OPTIONAL_STRINGS = ['collection', 'call', 'finishReason'] as const;

/** Checks a route turn's shape; throws `LedgerInputError` naming the first bad field. */
export function validateTurn(value: unknown): TurnInput {
  const turn = requireObject(value, 'turn');
  requireString(turn.conversation, 'turn.conversation');
  if (!(Number.isSafeInteger(turn.turn) && (turn.turn as number) >= 1)) {
    throw new LedgerInputError('turn.turn', `must be a whole number ≥ 1, got ${describe(turn.turn)}`);
  }
  requireString(turn.alias, 'turn.alias');
  requireString(turn.status, 'turn.status');
  optionalAmount(turn.time, 'turn.time');
  if (!(isOptionalString(turn.collection) && isOptionalString(turn.call) && isOptionalString(turn.finishReason))) {
    for (const field of OPTIONAL_STRINGS) optionalString(turn[field], `turn.${field}`); // the name only to say which failed
  }
  optionalAmount(turn.seconds, 'turn.seconds');
  optionalAmount(turn.firstTokenSeconds, 'turn.firstTokenSeconds');
  optionalCount(turn.toolCalls, 'turn.toolCalls');
  validateUsage(turn.usage, 'turn.usage');
  if (turn.tried !== undefined) {
    if (!Array.isArray(turn.tried)) throw new LedgerInputError('turn.tried', `must be an array, got ${describe(turn.tried)}`);
    for (let i = 0; i < turn.tried.length; i += 1) {
      const member: unknown = turn.tried[i];
      if (isTriedMember(member)) continue;
      const checked = requireObject(member, `turn.tried[${i}]`);
      requireString(checked.alias, `turn.tried[${i}].alias`);
      optionalString(checked.error, `turn.tried[${i}].error`);
    }
  }
  return turn as unknown as TurnInput;
}

/** The usual case, checked without building a field name (this runs for every recorded turn). */
function isTriedMember(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { alias, error } = value as Record<string, unknown>;
  return typeof alias === 'string' && alias.length > 0 && (error === undefined || typeof error === 'string');
}
