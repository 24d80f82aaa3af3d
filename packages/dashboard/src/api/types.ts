// The shapes of the gateway's /bench/… JSON routes: the engine's and the ledger's own types (type-only imports, erased
// from the bundle), so that a change to a route's shape is a type error here. docs/dashboard-api.md documents them.
import type { ModelView, Refusal } from '@bench/engine';

export type {
  CallView as CallDetail,
  CollectionView as Collection,
  ConversationView as Conversation,
  MemberView as Member,
  ModelView as Model,
  Overview,
  OverviewRange as Range,
  OverviewSeries as Series,
  OverviewTotals as Totals,
  PanelAnswer as PanelSeat,
  PanelSummary,
  PanelView as Panel,
  TranscriptsState as TranscriptsFlag,
  TurnView as Turn,
} from '@bench/engine';
export type {
  RefusalCount,
  CallVerdict as Verdict,
  CallWithVerdict as Call,
  ConversationSummary,
  Transcript,
  TranscriptMessage as Message,
  TranscriptPart as ContentPart,
} from '@bench/ledger';

export type RecordFigures = ModelView['record']['whole'];

/** A refusal by a limit as the live feed sends it (`event: refusal`), stamped when the gateway sent it. */
export type LiveRefusal = Refusal & { time: number };

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** `GET /bench/models`. */
export interface Models {
  shapes: string[];
  models: ModelView[];
}

/** `GET /bench/ui/session`: who is looking, and the CSRF token to send back with every change. */
export interface Session {
  keyName: string;
  login: boolean;
  via: 'cookie' | 'key' | 'loopback';
  expires: number | null;
  csrf: string | null;
}
