import { BenchError, statusOfError, type NeutralError } from '@bench/contracts';
import { InvalidRequestError } from '@bench/formats';

/** An error as the HTTP edge answers it: its status, the neutral error the protocol shapes, and the headers it carries. */
export interface HttpError {
  status: number;
  error: NeutralError;
  headers: Record<string, string>;
}

/** The one place anything thrown becomes an answer: bench's errors keep their meaning, the rest is a 500 without internals. */
export function toHttpError(thrown: unknown): HttpError {
  if (InvalidRequestError.isInstance(thrown)) {
    const error: NeutralError = { kind: 'invalid-request', status: 400, message: `${thrown.message}. Fix the request and send it again.`, ...(thrown.param ? { param: thrown.param } : {}) };
    return { status: 400, error, headers: {} };
  }
  if (BenchError.isInstance(thrown)) {
    const error = thrown.toNeutral();
    return { status: statusOfError(error), error, headers: thrown.replyHeaders };
  }
  const error: NeutralError = { kind: 'internal', status: 500, message: 'the gateway failed to handle this request; it is logged, and the gateway keeps serving' };
  return { status: 500, error, headers: {} };
}
