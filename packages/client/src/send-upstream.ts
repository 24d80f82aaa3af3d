import { request, type Dispatcher } from 'undici';
import type { Codec } from '@bench/formats';
import type { BuiltRequest } from './build-upstream-request';
import { classifyHttpError } from './classify-http-error';
import { ClientError } from './errors/client-error';
import { ConnectionError } from './errors/connection-error';
import { flattenHeaders } from './flatten-headers';

export interface SendContext {
  codec: Codec;
  alias: string;
  dispatcher: Dispatcher;
  /** Aborted with a ClientError (timeout, caller abort) as its reason. */
  signal: AbortSignal;
  now: () => number;
}

/** What went wrong on the wire, as a client error: the abort's own reason, or a connection failure. */
export function wireFailure(error: unknown, ctx: Pick<SendContext, 'alias' | 'signal'>, beforeAnyByte: boolean): ClientError {
  if (ctx.signal.aborted && ClientError.isInstance(ctx.signal.reason)) return ctx.signal.reason;
  if (ClientError.isInstance(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const text = error instanceof Error ? error.message : String(error);
  const what = beforeAnyByte ? 'connection failed before any byte' : 'connection cut part way';
  return new ConnectionError({ alias: ctx.alias, message: `${ctx.alias}: ${what} (${code ? `${code}: ` : ''}${text})`, beforeAnyByte, cause: error });
}

/** Sends the request; resolves with a 2xx response, throws a classified ClientError otherwise. */
export async function sendUpstream(built: BuiltRequest, ctx: SendContext): Promise<Dispatcher.ResponseData> {
  let response: Dispatcher.ResponseData;
  try {
    response = await request(built.url, {
      method: 'POST',
      headers: built.headers,
      body: built.body,
      dispatcher: ctx.dispatcher,
      signal: ctx.signal,
    });
  } catch (error) {
    throw wireFailure(error, ctx, true);
  }
  if (response.statusCode >= 200 && response.statusCode < 300) return response;
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw wireFailure(error, ctx, false);
  }
  throw classifyHttpError({
    codec: ctx.codec,
    alias: ctx.alias,
    status: response.statusCode,
    headers: flattenHeaders(response.headers),
    body: text,
    now: ctx.now(),
  });
}
