import type { Codec, ErrorKind, NeutralError } from '@bench/formats';
import { classifyNeutralError } from './classify-neutral-error';
import type { ClientError } from './errors/client-error';
import { parseRetryAfter } from './retry-after';

export interface HttpErrorInput {
  codec: Codec;
  alias: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms epoch, for Retry-After HTTP dates. */
  now: number;
}

function kindOfStatus(status: number): ErrorKind {
  if (status === 429) return 'rate-limit';
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 413) return 'request-too-large';
  if (status >= 500) return 'upstream';
  return 'invalid-request';
}

/** Classifies an upstream's HTTP error from its status, headers and body (read by the protocol's codec). */
export function classifyHttpError(input: HttpErrorInput): ClientError {
  let neutral: NeutralError;
  try {
    neutral = input.codec.parseError(input.status, input.body);
  } catch {
    neutral = { kind: kindOfStatus(input.status), status: input.status, message: `upstream answered ${input.status}` };
  }
  // The status is authoritative for the two cases the retry policy depends on.
  if (input.status === 429) neutral = { ...neutral, kind: 'rate-limit' };
  // 402 (payment required, a spent balance) is the gateway's account, not the caller's request: it fails over.
  else if (input.status === 402 && neutral.kind === 'invalid-request') neutral = { ...neutral, kind: 'permission' };
  else if (input.status >= 500 && !['overloaded', 'unavailable', 'internal', 'upstream', 'timeout'].includes(neutral.kind)) {
    neutral = { ...neutral, kind: 'upstream' };
  }
  const retryAfterMs = parseRetryAfter(input.headers, input.now);
  return classifyNeutralError(neutral, {
    alias: input.alias,
    status: input.status,
    headers: input.headers,
    body: input.body,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}
