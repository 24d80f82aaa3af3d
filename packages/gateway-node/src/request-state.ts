import type { Caller, Session, Turn } from '@bench/engine';
import type { Protocol } from '@bench/formats';
import type { CallerPresence } from './caller-presence';
import type { MatchedRoute } from './http/match-route';
import type { RequestTarget } from './http/request-target';
import type { Reply } from './reply';
import type { RequestTrace } from './telemetry/request-trace';

/** Request headers, lower-cased, as Node gives them. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One request as handlers see it (no HTTP framework's objects), and what the access log records of it. */
export interface RequestState {
  method: string;
  headers: RequestHeaders;
  url: RequestTarget;
  route: MatchedRoute;
  protocol: Protocol;
  caller: Caller;
  /** The dashboard session whose cookie authenticated the request, if that is how it came. */
  session?: Session;
  /** The request came over TLS (or through a proxy that says so: `x-forwarded-proto: https`). */
  secure: boolean;
  startedAt: number;
  /** The request's JSON body (read once, up to the limit; 413 past it, 400 when it is not JSON). */
  readBody(limit: number): Promise<unknown>;
  reply: Reply;
  /** Whether the caller went away before the reply ended. */
  presence: CallerPresence;
  log: { model?: string; error?: string };
  /** The request's turn, once started: what it came to goes in the access log, its conversation on every reply (errors too). */
  turn?: Turn;
  /** The request's span, when traces are on. */
  trace?: RequestTrace;
}
