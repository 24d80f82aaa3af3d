import type { TurnRecord } from './turn-record';

/**
 * A turn is recorded once, but an agent resends a turn that failed (every
 * member rate limited, say): the record of a turn already stored replaces it
 * only when the stored one did not answer, so the turn's row is its outcome.
 * The SQL stores say the same in their upsert (`WHERE turns.status <> 'ok'`).
 */
export function replacesTurn(stored: Pick<TurnRecord, 'status'> | undefined): boolean {
  return stored === undefined || stored.status !== 'ok';
}

/** A batch's turns, one per (conversation, turn), each the record `replacesTurn` keeps: what one SQL upsert may take. */
export function latestTurns<T extends Pick<TurnRecord, 'conversation' | 'turn' | 'status'>>(turns: readonly T[]): T[] {
  const kept = new Map<string, T>();
  for (const turn of turns) {
    const key = `${turn.conversation}\u0000${turn.turn}`;
    if (replacesTurn(kept.get(key))) kept.set(key, turn);
  }
  return [...kept.values()];
}
