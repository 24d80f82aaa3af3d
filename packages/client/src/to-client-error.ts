import { ClientError } from './errors/client-error';
import { ServerError } from './errors/server-error';

/** Anything thrown while calling a model, as a ClientError (an unexpected throw counts as a server error). */
export function toClientError(error: unknown, alias: string): ClientError {
  if (ClientError.isInstance(error)) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new ServerError({ alias, message: `${alias}: ${text}`, cause: error });
}
