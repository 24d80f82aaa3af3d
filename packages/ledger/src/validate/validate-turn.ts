import { LedgerInputError } from '../errors/ledger-input-error';
import type { TurnInput } from '../turn-record';
import { describe, optionalAmount, optionalCount, optionalString, requireObject, requireString } from './fields';
import { validateUsage } from './validate-usage';

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
  for (const field of ['collection', 'call', 'finishReason'] as const) optionalString(turn[field], `turn.${field}`);
  optionalAmount(turn.seconds, 'turn.seconds');
  optionalAmount(turn.firstTokenSeconds, 'turn.firstTokenSeconds');
  optionalCount(turn.toolCalls, 'turn.toolCalls');
  validateUsage(turn.usage, 'turn.usage');
  if (turn.tried !== undefined) {
    if (!Array.isArray(turn.tried)) throw new LedgerInputError('turn.tried', `must be an array, got ${describe(turn.tried)}`);
    turn.tried.forEach((tried: unknown, i) => {
      const member = requireObject(tried, `turn.tried[${i}]`);
      requireString(member.alias, `turn.tried[${i}].alias`);
      optionalString(member.error, `turn.tried[${i}].error`);
    });
  }
  return turn as unknown as TurnInput;
}
