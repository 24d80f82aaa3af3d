import type { GatewayMetrics } from '../metrics/gateway-metrics';
import type { RequestState } from '../request-state';

/** `GET /metrics`: every metric in Prometheus' text format (admin keys only, when keys are configured). */
export async function handleMetrics(state: RequestState, metrics: GatewayMetrics): Promise<void> {
  const text = await metrics.text();
  state.reply.text(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }, text);
}
