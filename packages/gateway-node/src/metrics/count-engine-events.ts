import type { CallInput } from '@bench/contracts';
import type { EngineEventListener, Failover, GatewayConfig, Refusal } from '@bench/engine';
import { usageCost } from '@bench/ledger';
import { genAiModels } from '../telemetry/gen-ai-model';
import { CallSeries } from './call-series';
import type { GatewayMetrics } from './gateway-metrics';

/**
 * Counts what the engine tells (`engine.events`): every upstream call, every failover, and every request a limit
 * refused. Labels follow the running config: after a reload, a model's upstream name and provider are the new ones.
 */
export function countEngineEvents(metrics: GatewayMetrics, running: () => GatewayConfig): EngineEventListener {
  let config = running();
  let modelOf = genAiModels(config);
  const seriesByAlias = new Map<string, CallSeries>();
  const seriesOf = (alias: string) => {
    let series = seriesByAlias.get(alias);
    if (!series) {
      series = new CallSeries(modelOf(alias), metrics);
      seriesByAlias.set(alias, series);
    }
    return series;
  };
  return (event) => {
    if (running() !== config) {
      // A reload: the series looked up by the old config's labels go (the metrics keep counting into them).
      config = running();
      modelOf = genAiModels(config);
      seriesByAlias.clear();
    }
    if (event.type === 'call') countCall(metrics, seriesOf(event.call.alias), event.call, config);
    else if (event.type === 'failover') countFailover(metrics, event.failover);
    else if (event.type === 'refusal') countRefusal(metrics, event.refusal);
  };
}

function countCall(metrics: GatewayMetrics, labels: CallSeries, call: CallInput, config: GatewayConfig): void {
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

function countRefusal(metrics: GatewayMetrics, refusal: Refusal): void {
  metrics.keyLimitRefusals.inc({ key: refusal.keyName, scope: refusal.scope, limit: refusal.limit, collection: refusal.collection ?? '' });
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
