import type { NeutralRequest, Protocol } from '@bench/formats';
import type { Behaviour } from './behaviour';

/** One request the fake upstream received, and how its connection ended. */
export interface RecordedRequest {
  /** 0-based, in arrival order. */
  index: number;
  /** Arrival time, `performance.now()` milliseconds. */
  at: number;
  method: string;
  /** The caller's port: the same port on two requests means one kept-alive connection. */
  remotePort: number | undefined;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The API key it presented (bearer token, `x-api-key` or `x-goog-api-key`). */
  apiKey?: string;
  body: unknown;
  api: Protocol;
  model: string;
  stream: boolean;
  /** The request as the codec parsed it; absent when it could not (see `parseError`). */
  neutral?: NeutralRequest;
  parseError?: string;
  /** The behaviour the upstream applied to it. */
  behaviour: Behaviour;
  /** True once the reply was completely written. */
  ended: boolean;
  /** True when the caller closed the connection before the reply ended. */
  closedByCaller: boolean;
  /** When the connection closed, `performance.now()` milliseconds. */
  closedAt?: number;
  /** True when the upstream itself cut the connection (scripted reset or cut). */
  cutByUpstream: boolean;
}
