import { InvalidRequestError } from '@bench/formats';
import { GatewayError } from './gateway-error';

/** The one place anything thrown becomes an answer: known errors keep their meaning, the rest is a 500 without internals. */
export function toGatewayError(error: unknown): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  if (InvalidRequestError.isInstance(error)) {
    return new GatewayError(400, 'invalid-request', `${error.message}. Fix the request and send it again.`, { param: error.param, cause: error });
  }
  return new GatewayError(500, 'internal', 'the gateway failed to handle this request; it is logged, and the gateway keeps serving', { cause: error });
}
