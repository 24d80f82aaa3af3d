/**
 * What went wrong, independent of any protocol. Each codec formats it in its own
 * error shape and parses its provider's errors into it.
 */
export type ErrorKind =
  | 'invalid-request'
  | 'authentication'
  | 'permission'
  | 'not-found'
  | 'request-too-large'
  | 'context-length'
  | 'content-policy'
  | 'rate-limit'
  | 'overloaded'
  | 'timeout'
  | 'upstream'
  | 'unavailable'
  | 'internal';

export interface NeutralError {
  kind: ErrorKind;
  /** HTTP status; when absent, the codec uses the kind's usual status. */
  status?: number;
  message: string;
  /** The request field at fault, as a path (`messages[2].content`). */
  param?: string;
  /** The provider's own error type or code, where there was one. */
  code?: string;
}

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  'invalid-request': 400,
  authentication: 401,
  permission: 403,
  'not-found': 404,
  'request-too-large': 413,
  'context-length': 400,
  'content-policy': 400,
  'rate-limit': 429,
  overloaded: 529,
  timeout: 504,
  upstream: 502,
  unavailable: 503,
  internal: 500,
};

export function statusOfError(error: NeutralError): number {
  return error.status ?? STATUS_BY_KIND[error.kind];
}
