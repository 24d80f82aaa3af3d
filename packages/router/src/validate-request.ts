import type { NeutralRequest } from '@bench/formats';
import { InvalidRouteInputError } from './errors/invalid-route-input-error';

/** The few request fields the router reads; anything else is the codec's business. */
export function validateRequest(request: NeutralRequest): void {
  if (typeof request !== 'object' || request === null) throw new InvalidRouteInputError('request', 'must be a NeutralRequest');
  if (!Array.isArray(request.system)) throw new InvalidRouteInputError('request.system', 'must be an array of text parts');
  if (!Array.isArray(request.messages)) throw new InvalidRouteInputError('request.messages', 'must be an array');
  request.messages.forEach((message, index) => {
    if (typeof message !== 'object' || message === null || !Array.isArray(message.content)) {
      throw new InvalidRouteInputError(`request.messages[${index}].content`, 'must be an array of content parts');
    }
  });
  const max = request.maxOutputTokens;
  if (max !== undefined && (!Number.isInteger(max) || max < 1)) {
    throw new InvalidRouteInputError('request.maxOutputTokens', `must be a positive integer, got ${String(max)}`);
  }
}
