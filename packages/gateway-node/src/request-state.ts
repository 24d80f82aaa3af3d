import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Protocol } from '@bench/formats';
import type { CallerPresence } from './caller-presence';
import type { MatchedRoute } from './http/match-route';
import type { RequestTarget } from './http/request-target';
import type { Caller } from './names/permissions';

/** One request as handlers see it, and what the access log records of it. */
export interface RequestState {
  req: IncomingMessage;
  res: ServerResponse;
  url: RequestTarget;
  route: MatchedRoute;
  protocol: Protocol;
  caller: Caller;
  startedAt: number;
  /** Whether the caller went away before the reply ended. */
  presence: CallerPresence;
  log: { collection?: string; model?: string; reply?: string; cost?: number; error?: string };
  /** The route's conversation, once planned: every reply to the request names it (errors too). */
  conversation?: string;
}
