import type { Behaviour } from './behaviour';

/** Ready-made behaviours for the faults gateways most often get wrong. */
export const faults = {
  /** 429, with `retry-after` seconds, `retry-after-ms`, or no hint at all. */
  rateLimited(hint: { retryAfterSeconds?: number; retryAfterMs?: number; retryAfterDate?: string } = {}): Behaviour {
    const headers: Record<string, string> = {};
    if (hint.retryAfterSeconds !== undefined) headers['retry-after'] = String(hint.retryAfterSeconds);
    if (hint.retryAfterDate !== undefined) headers['retry-after'] = hint.retryAfterDate;
    if (hint.retryAfterMs !== undefined) headers['retry-after-ms'] = String(hint.retryAfterMs);
    return { error: { status: 429, headers, error: { kind: 'rate-limit', message: 'Rate limit reached for requests' } } };
  },
  serverError(status = 500): Behaviour {
    const kind = status === 503 ? 'unavailable' : status === 529 ? 'overloaded' : 'internal';
    return { error: { status, error: { kind, status, message: `The server had an error (${status})` } } };
  },
  contextLengthExceeded(): Behaviour {
    return {
      error: {
        status: 400,
        error: {
          kind: 'context-length',
          message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
          code: 'context_length_exceeded',
          param: 'messages',
        },
      },
    };
  },
  contentPolicy(): Behaviour {
    return {
      error: {
        status: 400,
        error: {
          kind: 'content-policy',
          message: 'Your request was rejected as a result of our safety system (content_policy_violation).',
          code: 'content_policy_violation',
        },
      },
    };
  },
  badRequest(message = 'Invalid schema for function get_weather', param = 'tools[0].parameters'): Behaviour {
    return { error: { status: 400, error: { kind: 'invalid-request', message, param } } };
  },
  reset(): Behaviour {
    return { reset: true };
  },
  hang(): Behaviour {
    return { hang: true };
  },
  empty(): Behaviour {
    return { answer: { text: [] } };
  },
} as const;
