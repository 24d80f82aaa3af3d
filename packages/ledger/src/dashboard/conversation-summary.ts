import type { CallCursor } from '../ledger-store';

/** One route conversation, as listed: its span, its turns and who answered them. */
export interface ConversationSummary {
  id: string;
  collection: string | null;
  /** Its first turn's time (epoch ms). */
  started: number;
  /** Its latest turn's time. */
  updated: number;
  /** Its highest turn number. */
  turns: number;
  /** The members of its turns, first seen first. */
  models: string[];
  lastStatus: string;
}

export interface ConversationFilter {
  /** On the latest turn's time, epoch ms, inclusive. */
  from?: number;
  /** Exclusive. */
  to?: number;
  collection?: string;
  /** Only conversations with a turn by this model. */
  model?: string;
  /** Only those of this key (the key their answered turns' calls were made with). */
  keyName?: string;
  /** Only those with a verdict on one of their turns (true), or none yet (false). */
  judged?: boolean;
}

export interface ConversationQuery extends ConversationFilter {
  /** `{ time: updated, id: conversation }` of the last one listed. */
  cursor?: CallCursor;
  /** 1–500, default 50. */
  limit?: number;
}

export interface ConversationPage {
  conversations: ConversationSummary[];
  next: CallCursor | null;
}
