import type { Dispatcher } from 'undici';
import type { Codec } from '@bench/formats';
import type { AttemptStop } from './attempt-stop';
import type { BuiltRequest } from './build-upstream-request';
import { classifyHttpError } from './classify-http-error';
import { ClientError } from './errors/client-error';
import { ConnectionError } from './errors/connection-error';
import { flattenHeaders } from './flatten-headers';
import { UpstreamExchange, type ResponseHead } from './upstream-exchange';
import { UrlMemo } from './url-memo';

export interface SendContext {
  codec: Codec;
  alias: string;
  dispatcher: Dispatcher;
  /** Stopped with a ClientError (timeout, caller abort) as its reason. */
  stop: AttemptStop;
  now: () => number;
}

/** What went wrong on the wire, as a client error: the abort's own reason, or a connection failure. */
export function wireFailure(error: unknown, ctx: Pick<SendContext, 'alias' | 'stop'>, beforeAnyByte: boolean): ClientError {
  if (ctx.stop.reason) return ctx.stop.reason;
  if (ClientError.isInstance(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const text = error instanceof Error ? error.message : String(error);
  const what = beforeAnyByte ? 'connection failed before any byte' : 'connection cut part way';
  return new ConnectionError({ alias: ctx.alias, message: `${ctx.alias}: ${what} (${code ? `${code}: ` : ''}${text})`, beforeAnyByte, cause: error });
}

/** How much of an upstream's error body is read: far more than any error says, and a bound on one that never ends. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Sends the request; resolves with the exchange once a 2xx head arrived, throws a classified ClientError otherwise.
 * (A reaction on the head, not an async wrapper awaiting it: a layer fewer on every call.)
 */
export function sendUpstream(built: BuiltRequest, ctx: SendContext): Promise<{ exchange: UpstreamExchange; status: number }> {
  const exchange = new UpstreamExchange();
  ctx.stop.attach(exchange);
  const { origin, path } = splitURL(built.url);
  ctx.dispatcher.dispatch({ origin, path, method: 'POST', headers: built.headers, body: built.body }, exchange);
  return exchange.head.then(
    (head) => (head.status >= 200 && head.status < 300 ? { exchange, status: head.status } : refusal(exchange, head, ctx)),
    (error: unknown) => {
      throw wireFailure(error, ctx, true);
    },
  );
}

/** A non-2xx head: its body read (a bounded part of it), then thrown as the classified error it says. */
async function refusal(exchange: UpstreamExchange, head: ResponseHead, ctx: SendContext): Promise<never> {
  let text: string;
  try {
    text = await exchange.text(MAX_ERROR_BODY_BYTES);
  } catch (error) {
    throw wireFailure(error, ctx, false);
  }
  throw classifyHttpError({ codec: ctx.codec, alias: ctx.alias, status: head.status, headers: flattenHeaders(head.headers), body: text, now: ctx.now() });
}

/** Each upstream URL split into origin and path once. */
const SPLIT_URLS = new UrlMemo<{ origin: string; path: string }>();

function splitURL(href: string): { origin: string; path: string } {
  return SPLIT_URLS.get(href, (url) => {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: parsed.pathname + parsed.search };
  });
}
