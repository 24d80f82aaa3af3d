import { InvalidRequestError } from '../errors/invalid-request-error';

/** Whether a body's field is there and empty (`[]`, or a string of only white space). */
function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (typeof value === 'string' && value.trim() === '');
}

/**
 * Refuses a request with nothing to answer (no messages, no input, no
 * contents), naming the field, before it can reach a member. A field left out
 * is for the protocol's schema to judge (Ollama's preload has no messages),
 * unless `missing` says it counts as empty too.
 */
export function refuseNothingToAnswer(body: unknown, field: string, needed: string, missing: 'allowed' | 'empty' = 'allowed'): void {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (isEmpty(value) || (missing === 'empty' && value === undefined))
    throw new InvalidRequestError([{ path: field, message: `the request has nothing to answer: ${needed}` }]);
}
