import type { CallInput } from '@bench/contracts';
import type { EngineEventListener, Failover, GatewayConfig } from '@bench/engine';
import { usageCost } from '@bench/ledger';
import { genAiModels, type GenAiModel } from '../telemetry/gen-ai-model';
import type { GatewayMetrics } from './gateway-metrics';

/** Counts what the engine tells (`engine.events`): every upstream call, and every failover. */
export function countEngineEvents(metrics: GatewayMetrics, config: GatewayConfig): EngineEventListener {
  const modelOf = genAiModels(config);
  return (event) => {
    if (event.type === 'call') countCall(metrics, config, modelOf(event.call.alias), event.call);
    else if (event.type === 'failover') countFailover(metrics, event.failover);
  };
}

function countCall(metrics: GatewayMetrics, config: GatewayConfig, model: GenAiModel, call: CallInput): void {
  const collection = call.collection ?? '';
  metrics.upstreamCalls.inc({ model: model.alias, gen_ai_request_model: model.requestModel, collection, status: call.status, purpose: call.purpose });
  const labels = { gen_ai_operation_name: 'chat', gen_ai_provider_name: model.providerName, gen_ai_request_model: model.requestModel, model: model.alias };
  if (call.seconds !== undefined) metrics.operationSeconds.observe({ ...labels, error_type: call.status === 'ok' ? '' : call.status }, call.seconds);
  if (call.firstPieceSeconds !== undefined) metrics.firstChunkSeconds.observe(labels, call.firstPieceSeconds);
  const usage = call.usage;
  if (!usage) return;
  if (usage.inputTokens !== undefined) metrics.tokenUsage.observe({ ...labels, gen_ai_token_type: 'input' }, usage.inputTokens);
  if (usage.outputTokens !== undefined) metrics.tokenUsage.observe({ ...labels, gen_ai_token_type: 'output' }, usage.outputTokens);
  if (usage.cachedInputTokens) metrics.cacheTokens.inc({ model: model.alias, gen_ai_token_type: 'cache_read' }, usage.cachedInputTokens);
  if (usage.cacheWriteTokens) metrics.cacheTokens.inc({ model: model.alias, gen_ai_token_type: 'cache_write' }, usage.cacheWriteTokens);
  const cost = usageCost(usage, call.price ?? config.models[call.alias]?.price);
  if (cost) metrics.cost.inc({ model: model.alias, collection, key: call.keyName ?? 'local' }, cost);
}

function countFailover(metrics: GatewayMetrics, failover: Failover): void {
  metrics.failovers.inc({
    collection: failover.collection ?? '',
    from: failover.from,
    to: failover.to,
    reason: failover.reason,
    stage: failover.continuation ? 'continuation' : 'before_first_piece',
  });
}
