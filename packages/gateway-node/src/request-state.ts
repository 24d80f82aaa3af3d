import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Turn } from '@bench/engine';
import type { Protocol } from '@bench/formats';
import type { Caller } from '@bench/engine';
import type { CallerPresence } from './caller-presence';
import type { MatchedRoute } from './http/match-route';
import type { RequestTarget } from './http/request-target';

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
  log: { model?: string; error?: string };
  /** The request's turn, once started: what it came to goes in the access log, its conversation on every reply (errors too). */
  turn?: Turn;
}
