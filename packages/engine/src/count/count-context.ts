import type { TurnHeaders } from '../turn/turn-options';

/** Who counts, with what: what names the request's conversation (as a turn's would), and when to stop. */
export interface CountContext {
  /** The caller's key name. */
  keyName: string;
  /** The caller's request headers: a session id names the conversation. */
  headers: TurnHeaders;
  signal?: AbortSignal;
}
