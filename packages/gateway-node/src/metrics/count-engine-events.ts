import type { CallInput } from '@bench/contracts';
import type { EngineEventListener, Failover, GatewayConfig } from '@bench/engine';
import { usageCost } from '@bench/ledger';
import { genAiModels } from '../telemetry/gen-ai-model';
import { CallLabels } from './call-labels';
import type { GatewayMetrics } from './gateway-metrics';

/** Counts what the engine tells (`engine.events`): every upstream call, and every failover. */
export function countEngineEvents(metrics: GatewayMetrics, config: GatewayConfig): EngineEventListener {
  const modelOf = genAiModels(config);
  const labelsByAlias = new Map<string, CallLabels>();
  const labelsOf = (alias: string) => {
    let labels = labelsByAlias.get(alias);
    if (!labels) {
      labels = new CallLabels(modelOf(alias));
      labelsByAlias.set(alias, labels);
    }
    return labels;
  };
  return (event) => {
    if (event.type === 'call') countCall(metrics, config, labelsOf(event.call.alias), event.call);
    else if (event.type === 'failover') countFailover(metrics, event.failover);
  };
}

function countCall(metrics: GatewayMetrics, config: GatewayConfig, labels: CallLabels, call: CallInput): void {
  const collection = call.collection ?? '';
  metrics.upstreamCalls.inc(labels.call(collection, call.status, call.purpose));
  if (call.seconds !== undefined) metrics.operationSeconds.observe(labels.duration(call.status), call.seconds);
  if (call.firstPieceSeconds !== undefined) metrics.firstChunkSeconds.observe(labels.firstChunk, call.firstPieceSeconds);
  const usage = call.usage;
  if (!usage) return;
  if (usage.inputTokens !== undefined) metrics.tokenUsage.observe(labels.input, usage.inputTokens);
  if (usage.outputTokens !== undefined) metrics.tokenUsage.observe(labels.output, usage.outputTokens);
  if (usage.cachedInputTokens) metrics.cacheTokens.inc(labels.cacheRead, usage.cachedInputTokens);
  if (usage.cacheWriteTokens) metrics.cacheTokens.inc(labels.cacheWrite, usage.cacheWriteTokens);
  const cost = usageCost(usage, call.price ?? config.models[call.alias]?.price);
  if (cost) metrics.cost.inc(labels.cost(collection, call.keyName ?? 'local'), cost);
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
