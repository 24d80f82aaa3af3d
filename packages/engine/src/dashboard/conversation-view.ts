import { type CallWithVerdict, type ConversationSummary, type Ledger, shadowCallPrefix, type Transcript, type TriedMember } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { decodeCursor, encodeCursor } from './page-cursor';
import { transcriptsState, type TranscriptsState } from './transcripts-state';
import { isJudged, type VerdictFilter } from './verdict-filter';

export interface ConversationsQuery {
  collection?: string;
  /** A model alias: conversations with a turn by it. */
  model?: string;
  /** A key's name. */
  key?: string;
  verdict?: VerdictFilter;
  from?: number;
  to?: number;
  limit?: number;
  cursor?: string;
}

export interface ConversationsPage {
  conversations: ConversationSummary[];
  next: string | null;
}

export interface TurnView {
  turn: number;
  time: number;
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
  cost: number | null;
  /** The members tried before the one that answered, and why each was passed over. */
  failovers: Array<Required<TriedMember>>;
  verdict: CallWithVerdict['verdict'];
  transcript: Transcript | null;
  shadows: Array<{ call: CallWithVerdict; transcript: Transcript | null }>;
}

export type ConversationView = TranscriptsState & { id: string; collection: string | null; turns: TurnView[] };

export async function conversationsPage(ledger: Ledger, query: ConversationsQuery = {}): Promise<ConversationsPage> {
  const cursor = decodeCursor(query.cursor);
  const { cursor: _text, model, key, verdict, ...page } = query;
  const filter = {
    ...page,
    ...(model !== undefined ? { model } : {}),
    ...(key !== undefined ? { keyName: key } : {}),
    ...(verdict !== undefined ? { judged: isJudged(verdict) } : {}),
  };
  const listed = await ledger.conversations({ ...filter, ...(cursor ? { cursor } : {}) });
  return { conversations: listed.conversations, next: encodeCursor(listed.next) };
}

/** A conversation's turns in order, each with its answering call's cost and verdict, its failovers, its shadows and, when kept, the text. */
export async function conversationView(ledger: Ledger, config: GatewayConfig, id: string): Promise<ConversationView> {
  const turns = await ledger.getTurns(id);
  if (turns.length === 0) {
    throw new EngineError(404, 'not-found', `unknown conversation "${id}": use an id from GET /bench/conversations or a reply's X-Bench-Conversation`, {
      param: 'id',
    });
  }
  // A turn's calls share its call id's prefix: the answering call, its failed attempts (`-1`…) and its shadows (`-shadow-1`…).
  const callsOfTurns = await Promise.all(turns.map((turn) => (turn.call ? ledger.callsWithPrefix(turn.call) : Promise.resolve([]))));
  const state = transcriptsState(config);
  const wanted = callsOfTurns.flatMap((calls, i) => calls.filter((c) => c.id === turns[i]!.call || c.purpose === 'shadow').map((c) => c.id));
  const kept = state.transcripts === 'on' && wanted.length > 0 ? await ledger.transcripts(wanted) : [];
  const transcriptOf = (call: string) => kept.find((t) => t.call === call) ?? null;
  return {
    ...state,
    id,
    collection: turns[0]!.collection,
    turns: turns.map((turn, i): TurnView => {
      const calls = callsOfTurns[i]!;
      const answering = calls.find((c) => c.id === turn.call);
      const shadowPrefix = turn.call ? shadowCallPrefix(turn.call) : undefined;
      return {
        turn: turn.turn,
        time: turn.time,
        call: turn.call,
        alias: turn.alias,
        status: turn.status,
        seconds: turn.seconds,
        firstTokenSeconds: turn.firstTokenSeconds,
        inputTokens: turn.inputTokens,
        outputTokens: turn.outputTokens,
        reasoningTokens: turn.reasoningTokens,
        cachedTokens: turn.cachedTokens,
        cacheWriteTokens: turn.cacheWriteTokens,
        toolCalls: turn.toolCalls,
        finishReason: turn.finishReason,
        cost: answering?.cost ?? null,
        failovers: turn.tried.filter((tried): tried is Required<TriedMember> => tried.error !== undefined),
        verdict: answering?.verdict ?? null,
        transcript: turn.call ? transcriptOf(turn.call) : null,
        shadows: calls.filter((c) => shadowPrefix !== undefined && c.id.startsWith(shadowPrefix)).map((c) => ({ call: c, transcript: transcriptOf(c.id) })),
      };
    }),
  };
}
