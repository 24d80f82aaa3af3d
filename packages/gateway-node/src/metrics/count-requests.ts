import type { RequestObserver } from '../http/request-observer';
import type { GatewayMetrics } from './gateway-metrics';

/** Counts every request as it ends (route, protocol, collection, status, seconds), the streams open, and key limits hit. */
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
    ended({ state, route, status, seconds, error }) {
      const code = String(status);
      metrics.requests.inc({ route, protocol: state.protocol, collection: state.turn?.summary.collection ?? '', status: code });
      metrics.requestSeconds.observe({ http_request_method: state.method, http_route: route, http_response_status_code: code }, seconds);
      // The gateway's own 429s are its limits (a key's rpm, tpm or budget); the upstreams' are in bench_upstream_calls_total.
      if (status === 429 && error?.kind === 'rate-limit' && error.ownRefusal) metrics.keyLimitRefusals.inc({ key: state.caller.keyName });
    },
  };
}
