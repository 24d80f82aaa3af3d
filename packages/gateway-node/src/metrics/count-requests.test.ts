import { AllCandidatesFailedError, RateLimitedError } from '@bench/client';
import { EngineError, LOCAL_CALLER } from '@bench/engine';
import { createLedger, type Ledger } from '@bench/ledger';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestState } from '../request-state';
import { toHttpError } from '../errors/to-http-error';
import type { EndedRequest } from '../http/request-observer';
import { countRequests } from './count-requests';
import { GatewayMetrics } from './gateway-metrics';

let ledger: Ledger;
beforeAll(async () => {
  ledger = await createLedger('memory:');
});
afterAll(() => ledger.close());

/** A request that ended with a 429, refused as `thrown` was (the HTTP edge's reading of it). */
function refused(thrown: unknown, keyName: string): EndedRequest {
  const error = toHttpError(thrown);
  const state = { method: 'POST', protocol: 'openai-chat', caller: { ...LOCAL_CALLER, keyName } } as unknown as RequestState;
  return {
    state,
    route: '/v1/chat/completions',
    status: error.status,
    seconds: 0.01,
    error: { kind: error.error.kind, ownRefusal: EngineError.isInstance(thrown) },
  };
}

async function keyLimitRefusals(metrics: GatewayMetrics): Promise<Array<{ key: string | undefined; value: string | undefined }>> {
  const family = parsePrometheusTextFormat(await metrics.text()).find((each) => each.name === 'bench_key_limit_refusals_total');
  return (family?.metrics ?? []).map((sample) => ({ key: sample.labels?.key, value: sample.value }));
}

describe('countRequests: key limits hit', () => {
  it("counts the gateway's own 429 (a key's limit, as the engine refuses it) by key name, and not the upstreams' 429", async () => {
    const metrics = new GatewayMetrics(ledger);
    const observer = countRequests(metrics);
    const ownLimit = new EngineError(429, 'rate-limit', 'key "ci" is over its rpm of 60; it resets in 12 s', { headers: { 'retry-after': '12' } });
    observer.ended(refused(ownLimit, 'ci'));
    observer.ended(refused(ownLimit, 'ci'));
    // What the engine rethrows when every member was rate limited: the client's error, not an EngineError.
    const upstream = new AllCandidatesFailedError([{ alias: 'm1', error: new RateLimitedError({ message: 'slow down', alias: 'm1', status: 429 }) }]);
    expect(toHttpError(upstream).status).toBe(429);
    observer.ended(refused(upstream, 'ci'));
    expect(await keyLimitRefusals(metrics)).toEqual([{ key: 'ci', value: '2' }]);
  });
});
