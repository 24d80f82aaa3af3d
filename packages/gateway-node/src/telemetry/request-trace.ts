import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { IncomingHttpHeaders } from 'node:http';
import type { Tracing } from './start-tracing';
import type { EndedRequest } from '../http/request-observer';
import { TurnTrace } from './turn-trace';

/**
 * One request's HTTP server span, and the context its work runs in (so that its turn's and calls' spans are its
 * children). Its attributes name the route, never the query string, a key or a prompt.
 */
export class RequestTrace {
  readonly context: Context;
  readonly #tracer: Tracer;
  readonly #span: Span;
  readonly #method: string;

  /** A caller that sends a W3C `traceparent` gets the span in its own trace, a child of its span. */
  constructor(tracing: Pick<Tracing, 'tracer' | 'propagator'>, method: string, headers: IncomingHttpHeaders) {
    this.#tracer = tracing.tracer;
    this.#method = method;
    const parent = tracing.propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
    this.#span = this.#tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
    this.context = trace.setSpan(parent, this.#span);
  }

  /** The route matched: the span is named after it (`POST /v1/chat/completions`). */
  routed(route: string, pathname: string, protocol: string): void {
    this.#span.updateName(`${this.#method} ${route}`);
    this.#span.setAttributes({ 'http.route': route, 'url.path': pathname, 'bench.protocol': protocol });
  }

  /** A span for the request's turn, a child of this one. */
  turn(requestedModel: string): TurnTrace {
    return new TurnTrace(this.#tracer, this.context, requestedModel);
  }

  end(ended: EndedRequest): void {
    const span = this.#span;
    span.setAttributes({ 'http.response.status_code': ended.status, 'bench.key': ended.state.caller.keyName });
    // A server span is an error only for a 5xx: a 4xx is the caller's (OpenTelemetry's HTTP conventions).
    if (ended.error) span.setAttribute('error.type', ended.error.kind);
    if (ended.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: ended.error?.kind ?? String(ended.status) });
    span.end();
  }
}
