/** What went wrong, independent of any protocol: each codec shapes it in its own error body. */
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

/** The one table from an error's kind to the HTTP status it is answered with, where the error names none of its own. */
export const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
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
