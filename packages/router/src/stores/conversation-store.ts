import type { MaybePromise } from '../maybe-promise';

/** Which member a conversation is on, and the last turn it took. */
export interface StoredConversation {
  alias: string;
  turn: number;
}

export interface ClaimResult {
  conversation: StoredConversation;
  /** True when this call stored `proposal`: the conversation is new. */
  created: boolean;
}

export interface ConversationTiming {
  /** Idle time after which the conversation is forgotten. */
  ttlMs: number;
  /** The router's clock (memory stores expire by it; Redis uses its own). */
  now: number;
}

/** Sticky conversations. Every method is one atomic step, so replicas sharing a store agree. A store in memory may answer at once. */
export interface ConversationStore {
  /**
   * The stored conversation, its idle expiry restarted; when there is none,
   * stores `proposal`. Of two simultaneous claims the first wins, and both
   * callers get the winner.
   */
  claim(id: string, proposal: StoredConversation, timing: ConversationTiming): MaybePromise<ClaimResult>;
  /**
   * The stored conversation as it is, or undefined: read only — its idle
   * expiry not restarted, nothing stored, nothing moved (a token count asks
   * which member a conversation is on without taking a turn). `now` is the
   * router's clock, for memory stores' expiry.
   */
  peek(id: string, now: number): MaybePromise<StoredConversation | undefined>;
  /** After a turn: the conversation moves to the member that answered. */
  assign(id: string, conversation: StoredConversation, timing: ConversationTiming): MaybePromise<void>;
  forget(id: string): MaybePromise<void>;
}
