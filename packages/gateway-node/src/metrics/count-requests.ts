import type { RequestObserver } from '../http/request-observer';
import type { GatewayMetrics } from './gateway-metrics';

/** Counts every request as it ends (route, protocol, collection, status, seconds) and the streams open (key limits hit: from the engine's refusal events). */
export function countRequests(metrics: GatewayMetrics): RequestObserver {
  return {
    streamOpened() {
      metrics.openStreams.inc();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        metrics.openStreams.dec();
      };
    },
    ended({ state, route, status, seconds }) {
      const code = String(status);
      const { requests, requestSeconds } = metrics;
      requests.inc(requests.series({ route, protocol: state.protocol, collection: state.turn?.summary.collection ?? '', status: code }));
      requestSeconds.observe(requestSeconds.series({ http_request_method: state.method, http_route: route, http_response_status_code: code }), seconds);
    },
  };
}
