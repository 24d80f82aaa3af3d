import { BenchError, statusOfError, type NeutralError } from '@bench/contracts';

/** An error as the HTTP edge answers it: its status, the neutral error the protocol shapes, and the headers it carries. */
export interface HttpError {
  status: number;
  error: NeutralError;
  headers: Record<string, string>;
}

const INTERNAL: NeutralError = {
  kind: 'internal',
  status: 500,
  message: 'the gateway failed to handle this request; it is logged, and the gateway keeps serving',
};

/** The one place anything thrown becomes an answer: bench's errors keep their meaning, the rest is a 500 without internals. */
export function toHttpError(thrown: unknown): HttpError {
  const error = BenchError.isInstance(thrown) ? thrown.toNeutral() : undefined;
  // What went wrong inside (a misused API, a store's own failure) is logged, not told: the caller gets what to do.
  if (!error || error.kind === 'internal') return { status: 500, error: INTERNAL, headers: {} };
  return { status: statusOfError(error), error, headers: (thrown as BenchError).replyHeaders };
}
