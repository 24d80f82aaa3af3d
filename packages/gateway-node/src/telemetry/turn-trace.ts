import { context, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { TurnSummary } from '@bench/engine';

/** Names longer than this (a caller's model name is its own to choose) are cut in span names and attributes. */
const MAX_NAME = 200;

/** One turn's span: its upstream calls' spans are made as its children, from the engine's events, while it runs in its context. */
export class TurnTrace {
  readonly #span: Span;
  readonly #context: Context;

  constructor(tracer: Tracer, parent: Context, requestedModel: string) {
    const model = requestedModel.slice(0, MAX_NAME);
    this.#span = tracer.startSpan(
      `chat ${model}`,
      { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': model } },
      parent,
    );
    this.#context = trace.setSpan(parent, this.#span);
  }

  /** Runs the turn's work in the span's context: what it starts (its calls, their records) is inside it. */
  run<T>(work: () => T): T {
    return context.with(this.#context, work);
  }

  /** What the turn came to (collection, reply mode, member, cost), and whether it failed (by its error's kind, never its text). */
  end(summary: TurnSummary, failure: { kind: string } | undefined): void {
    const span = this.#span;
    if (summary.collection !== undefined) span.setAttribute('bench.collection', summary.collection);
    if (summary.reply !== undefined) span.setAttribute('bench.reply', summary.reply);
    if (summary.model !== undefined) span.setAttributes({ 'bench.member': summary.model, 'gen_ai.response.model': summary.model });
    if (summary.cost !== undefined) span.setAttribute('bench.cost_usd', summary.cost);
    if (summary.conversation !== undefined) span.setAttribute('gen_ai.conversation.id', summary.conversation);
    if (failure) {
      span.setAttribute('error.type', failure.kind);
      span.setStatus({ code: SpanStatusCode.ERROR, message: failure.kind });
    }
    span.end();
  }
}
