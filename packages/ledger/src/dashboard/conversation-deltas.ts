import type { TurnRecord } from '../turn-record';

/** What a batch of turns changes in one conversation's summary row. */
export interface ConversationDelta {
  conversation: string;
  collection: string;
  started: number;
  updated: number;
  /** The batch's highest turn number, and that turn's status. */
  turns: number;
  lastStatus: string;
}

/** One delta per conversation (Postgres may not touch a row twice in one statement), in conversation order. */
export function conversationDeltas(turns: Iterable<TurnRecord>): ConversationDelta[] {
  const deltas = new Map<string, ConversationDelta>();
  for (const turn of turns) {
    const delta = deltas.get(turn.conversation);
    if (!delta) {
      deltas.set(turn.conversation, {
        conversation: turn.conversation,
        collection: turn.collection ?? '',
        started: turn.time,
        updated: turn.time,
        turns: turn.turn,
        lastStatus: turn.status,
      });
      continue;
    }
    delta.started = Math.min(delta.started, turn.time);
    delta.updated = Math.max(delta.updated, turn.time);
    if (turn.turn > delta.turns || (turn.turn === delta.turns && delta.lastStatus !== 'ok')) {
      delta.turns = turn.turn;
      delta.lastStatus = turn.status;
    }
  }
  return [...deltas.values()].sort((a, b) => (a.conversation < b.conversation ? -1 : a.conversation > b.conversation ? 1 : 0));
}
