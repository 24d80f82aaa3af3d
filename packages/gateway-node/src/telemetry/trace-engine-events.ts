import type { CallInput } from '@bench/contracts';
import type { EngineEventListener, Failover, GatewayConfig, Refusal } from '@bench/engine';
import { usageCost } from '@bench/ledger';
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { genAiModels, type GenAiModel } from './gen-ai-model';

/**
 * Spans from what the engine tells (`engine.events`): a client span per upstream call, made as it is recorded (its
 * start and end from the record), a child of the span whose context the turn runs in; a failover, or a refusal by a
 * limit, is an event on that span. Never a prompt, an answer or an error's text: kinds, counts and names only.
 * Attributes follow the running config (after a reload, a model's upstream name and provider are the new ones).
 */
export function traceEngineEvents(tracer: Tracer, running: () => GatewayConfig): EngineEventListener {
  let config = running();
  let modelOf = genAiModels(config);
  return (event) => {
    if (running() !== config) {
      config = running();
      modelOf = genAiModels(config);
    }
    if (event.type === 'call') traceCall(tracer, config, modelOf(event.call.alias), event.call);
    else if (event.type === 'failover') traceFailover(event.failover);
    else if (event.type === 'refusal') traceRefusal(event.refusal);
  };
}

function traceCall(tracer: Tracer, config: GatewayConfig, model: GenAiModel, call: CallInput): void {
  const seconds = call.seconds ?? 0;
  const startTime = call.startedAt ?? Date.now() - seconds * 1000;
  const attributes: Attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': model.providerName,
    'gen_ai.request.model': model.requestModel,
    'bench.model': model.alias,
    'bench.purpose': call.purpose,
    'bench.call': call.id,
    'bench.status': call.status,
  };
  if (call.collection !== undefined) attributes['bench.collection'] = call.collection;
  if (call.provider !== undefined) attributes['bench.provider'] = call.provider;
  if (call.finishReason !== undefined) attributes['gen_ai.response.finish_reasons'] = [call.finishReason];
  if (call.firstPieceSeconds !== undefined) attributes['bench.first_piece_seconds'] = call.firstPieceSeconds;
  const usage = call.usage;
  if (usage?.inputTokens !== undefined) attributes['gen_ai.usage.input_tokens'] = usage.inputTokens;
  if (usage?.outputTokens !== undefined) attributes['gen_ai.usage.output_tokens'] = usage.outputTokens;
  if (usage?.cachedInputTokens) attributes['gen_ai.usage.cache_read.input_tokens'] = usage.cachedInputTokens;
  if (usage?.cacheWriteTokens) attributes['gen_ai.usage.cache_creation.input_tokens'] = usage.cacheWriteTokens;
  const cost = usageCost(usage, call.price ?? config.models[call.alias]?.price);
  if (cost !== null) attributes['bench.cost_usd'] = cost;
  const failed = call.status !== 'ok';
  if (failed) attributes['error.type'] = call.status;
  const span = tracer.startSpan(`chat ${model.requestModel}`, { kind: SpanKind.CLIENT, startTime, attributes }, context.active());
  if (failed && call.status !== 'aborted') span.setStatus({ code: SpanStatusCode.ERROR, message: call.status });
  span.end(startTime + seconds * 1000);
}

function traceRefusal(refusal: Refusal): void {
  trace.getSpan(context.active())?.addEvent('bench.refusal', {
    'bench.refusal.scope': refusal.scope,
    'bench.refusal.limit': refusal.limit,
    'bench.refusal.retry_after_seconds': refusal.retryAfterSeconds,
  });
}

function traceFailover(failover: Failover): void {
  const span = trace.getSpan(context.active());
  if (!span) return;
  span.addEvent('bench.failover', {
    'bench.failover.from': failover.from,
    'bench.failover.to': failover.to,
    'bench.failover.reason': failover.reason,
    'bench.failover.continuation': failover.continuation,
  });
  span.setAttribute('bench.failover.reason', failover.reason);
}
