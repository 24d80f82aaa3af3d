import type { CallUsage } from './call-record';

/** A member tried during a route turn, and why it was passed over (absent for the one that answered). */
export interface TriedMember {
  alias: string;
  error?: string;
}

/** What the gateway hands `recordTurn`: one row per route turn. */
export interface TurnInput {
  conversation: string;
  /** 1, 2, … */
  turn: number;
  time?: number;
  collection?: string;
  /** The call id of the answering member's call, where there was one. */
  call?: string;
  alias: string;
  status: string;
  seconds?: number;
  firstTokenSeconds?: number;
  usage?: CallUsage;
  toolCalls?: number;
  finishReason?: string;
  tried?: TriedMember[];
}

export interface TurnRecord {
  conversation: string;
  turn: number;
  time: number;
  collection: string | null;
  call: string | null;
  alias: string;
  status: string;
  seconds: number | null;
  firstTokenSeconds: number | null;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  toolCalls: number;
  finishReason: string | null;
  tried: TriedMember[];
}
