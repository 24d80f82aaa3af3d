import type { NeutralError } from '@bench/formats';
import { BadRequestError } from './errors/bad-request-error';
import type { ClientError } from './errors/client-error';
import { ContentPolicyError } from './errors/content-policy-error';
import { ContextLengthError } from './errors/context-length-error';
import { ProviderRefusedError } from './errors/provider-refused-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { ServerError } from './errors/server-error';

export interface ErrorDetails {
  alias?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  retryAfterMs?: number;
}

/** How much of an upstream's own error message is kept: it reaches the caller's error and the ledger's row. */
export const MAX_UPSTREAM_MESSAGE_CHARS = 4_000;

/** A neutral error (from a codec's parseError or an in-stream error event) as a client error class. */
export function classifyNeutralError(error: NeutralError, details: ErrorDetails): ClientError {
  const said =
    error.message.length > MAX_UPSTREAM_MESSAGE_CHARS
      ? `${error.message.slice(0, MAX_UPSTREAM_MESSAGE_CHARS)}… (${error.message.length - MAX_UPSTREAM_MESSAGE_CHARS} more characters)`
      : error.message;
  const message = `${details.alias ?? 'upstream'}: ${said}`;
  const options = { ...details, message };
  switch (error.kind) {
    case 'rate-limit':
      return new RateLimitedError(options);
    case 'context-length':
    case 'request-too-large':
      return new ContextLengthError(options);
    case 'content-policy':
      return new ContentPolicyError(options);
    case 'invalid-request':
      return new BadRequestError({ ...options, ...(error.param ? { param: error.param } : {}) });
    case 'authentication':
    case 'permission':
    case 'not-found':
      return new ProviderRefusedError(options);
    case 'timeout':
    case 'overloaded':
    case 'upstream':
    case 'unavailable':
    case 'internal':
      return new ServerError(options);
    default: {
      const unreachable: never = error.kind;
      return unreachable;
    }
  }
}
