import { EngineError } from '@bench/engine';
import type { GatewayMetrics } from '../metrics/gateway-metrics';
import type { RequestState } from '../request-state';

/** `GET /metrics`: every metric in Prometheus' text format (admin keys only, when keys are configured). */
export async function handleMetrics(state: RequestState, metrics: GatewayMetrics | undefined): Promise<void> {
  if (!metrics) throw new EngineError(404, 'not-found', 'this gateway counts no metrics: it was created with `metrics: false`');
  const text = await metrics.text();
  state.reply.text(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }, text);
}
