import { ConfigError } from '@bench/engine';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';
import { postJSON } from './raw-requests';
import { ask, sdksFor } from './sdk-clients';
import { startTestGateway } from './test-gateway';

const PROMPTS = { route: 'PROMPT-MARKER-route-7f3a', panel: 'PROMPT-MARKER-panel-91c2', gemini: 'PROMPT-MARKER-gemini-0d4e' };
const QUERY = 'QUERY-MARKER-55b1';
// A caller's own trace (W3C trace context): the Gemini request below sends it.
const CALLER = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

describe('traces to an OTLP/HTTP collector', () => {
  let spans: ReceivedSpan[];
  beforeAll(async () => {
    const t = await startKeyedGateway({
      scripts: { 'up-4': { error: { status: 503 } } },
      config: (base) => ({
        ...base,
        collections: { ...base.collections, fo: { members: ['m4', 'm2'], reply: 'route', order: 'listed', sticky: false, retry: { serverErrorRetries: 0 } } },
        telemetry: { otlp: receiver.url, serviceName: 'bench-test' },
      }),
    });
    expect(t.gateway.tracesURL).toBe(`${receiver.url}/v1/traces`);
    const sdks = sdksFor(t.url, KEYS.root);
    await ask(sdks, 'openai-chat', 'bench/fo', PROMPTS.route, true);
    await ask(sdks, 'anthropic', 'bench/core', PROMPTS.panel, false);
    // The key in the query string (as Gemini's REST API takes it), with another parameter beside it.
    const gemini = await fetch(`${t.url}/v1beta/models/agents:streamGenerateContent?alt=sse&key=${KEYS.root}&marker=${QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${CALLER.traceId}-${CALLER.spanId}-01` },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: PROMPTS.gemini }] }] }),
    });
    expect(gemini.status).toBe(200);
    await gemini.text();
    await t.close(); // flushes the spans
    spans = receiver.spans();
  });

  const named = (name: string) => spans.filter((span) => span.name === name);
  const childrenOf = (parent: ReceivedSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);

  it('sends a server span per request, a turn span in it, and a client span per upstream call in the turn, failover included', () => {
    const [server] = named('POST /v1/chat/completions');
    expect(server).toMatchObject({
      kind: SERVER,
      parentSpanId: undefined,
      attributes: { 'http.request.method': 'POST', 'http.route': '/v1/chat/completions', 'http.response.status_code': 200, 'bench.key': 'root' },
      resource: { 'service.name': 'bench-test' },
    });
    const [turn, ...others] = childrenOf(server!);
    expect(others).toEqual([]);
    expect(turn).toMatchObject({
      name: 'chat bench/fo',
      traceId: server!.traceId,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'bench/fo',
        'gen_ai.response.model': 'm2',
        'bench.collection': 'fo',
        'bench.reply': 'route',
        'bench.member': 'm2',
        'bench.failover.reason': 'server',
      },
    });
    expect(turn!.events).toEqual([
      {
        name: 'bench.failover',
        attributes: { 'bench.failover.from': 'm4', 'bench.failover.to': 'm2', 'bench.failover.reason': 'server', 'bench.failover.continuation': false },
      },
    ]);
    const calls = childrenOf(turn!).sort((a, b) => a.startMs - b.startMs);
    expect(calls.map((call) => [call.name, call.kind, call.attributes['bench.status']])).toEqual([
      ['chat up-4', CLIENT, 'server'],
      ['chat up-2', CLIENT, 'ok'],
    ]);
    const [failed, answered] = calls;
    expect(failed).toMatchObject({ statusCode: ERROR, attributes: { 'error.type': 'server', 'gen_ai.provider.name': 'anthropic', 'bench.model': 'm4' } });
    expect(answered!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'up-2',
      'gen_ai.response.finish_reasons': ['stop'],
      'bench.purpose': 'route',
      'bench.collection': 'fo',
      'bench.model': 'm2',
    });
    expect(answered!.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(answered!.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    // One after the other, each within its turn, the turn within its request.
    expect(failed!.endMs).toBeLessThanOrEqual(answered!.startMs);
    expect(turn!.startMs).toBeGreaterThanOrEqual(server!.startMs);
    expect(failed!.startMs).toBeGreaterThanOrEqual(turn!.startMs);
  });

  it("gives a panel's turn a span per seat, priced where the model has a price", () => {
    const [server] = named('POST /v1/messages');
    const [turn] = childrenOf(server!);
    expect(turn).toMatchObject({ name: 'chat bench/core', attributes: { 'bench.collection': 'core', 'bench.reply': 'all' } });
    const seats = childrenOf(turn!);
    expect(seats.map((seat) => seat.name).sort()).toEqual(['chat up-1', 'chat up-2', 'chat up-3']);
    expect(seats.every((seat) => seat.attributes['bench.purpose'] === 'seat' && seat.traceId === server!.traceId)).toBe(true);
    expect(seats.find((seat) => seat.name === 'chat up-1')!.attributes['bench.cost_usd']).toBeGreaterThan(0);
  });

  it("names a Gemini route by its template and its path, never its query string; continues a caller's trace", () => {
    const [server] = named('POST /v1beta/models/{model}:streamGenerateContent');
    expect(server).toMatchObject({ traceId: CALLER.traceId, parentSpanId: CALLER.spanId });
    expect(server!.attributes).toMatchObject({ 'url.path': '/v1beta/models/agents:streamGenerateContent', 'bench.protocol': 'gemini' });
    expect(childrenOf(childrenOf(server!)[0]!).map((call) => call.name)).toEqual(['chat up-1']);
  });

  it('carries no prompt, key or query string anywhere in what it sent', () => {
    const sent = receiver.bodies.join('\n');
    expect(sent.length).toBeGreaterThan(0);
    for (const secret of [...Object.values(PROMPTS), QUERY, KEYS.root, KEYS.alice, 'upstream-secret', 'alt=sse', 'key=']) expect(sent).not.toContain(secret);
  });
});

describe('traces off, or set by the environment', () => {
  it('creates no exporter without an endpoint', async () => {
    const before = receiver.bodies.length;
    const t = await startTestGateway({ env: {} });
    expect(t.gateway.tracesURL).toBeUndefined();
    await ask(sdksFor(t.url), 'openai-chat', 'bench/agents', 'untraced', false);
    await t.close();
    expect(receiver.bodies.length).toBe(before);
  });

  it('takes OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME from the environment, over the config', async () => {
    const before = receiver.bodies.length;
    const t = await startTestGateway({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'bench-from-env' },
      config: (base) => ({ ...base, telemetry: { otlp: 'http://127.0.0.1:9/', serviceName: 'from-file' } }),
    });
    expect(t.gateway.tracesURL).toBe(`${receiver.url}/v1/traces`);
    await ask(sdksFor(t.url), 'openai-chat', 'bench/agents', 'traced', false);
    await t.close();
    const sent = receiver.spans().slice(0);
    expect(receiver.bodies.length).toBeGreaterThan(before);
    expect(sent.at(-1)!.resource['service.name']).toBe('bench-from-env');
  });

  it('refuses a bad endpoint in the environment, naming the variable and the reason', async () => {
    const started = startTestGateway({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: '127.0.0.1:4318' } });
    const error = await started.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      { path: 'OTEL_EXPORTER_OTLP_ENDPOINT', message: expect.stringMatching(/^must be an absolute http\(s\) URL of an OTLP\/HTTP collector/) },
    ]);
  });
});

describe('traces follow a reload', () => {
  it("name a model's new upstream model and a renamed collection after the file is reloaded; a refusal by a limit is an event on the turn's span", async () => {
    const t = await startTestGateway({
      env: { KEY_LIM: 'lim-secret-key-0001' },
      config: (base) => ({ ...base, keys: { lim: { keyEnv: 'KEY_LIM', rpm: 2 } }, telemetry: { otlp: receiver.url, serviceName: 'bench-reload' } }),
      configText: (config) => `${JSON.stringify(config, null, 2)}\n`,
    });
    const headers = { authorization: 'Bearer lim-secret-key-0001' };
    const chat = (model: string) => postJSON(`${t.url}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'trace me' }] }, headers);
    try {
      expect((await chat('bench/agents')).status).toBe(200);
      const config = JSON.parse(readFileSync(t.configPath!, 'utf8'));
      const { agents, ...others } = config.collections;
      config.collections = { ...others, crew: agents };
      config.aliases['claude-*'] = 'bench/crew:route';
      config.models.m1.model = 'up-1-next';
      writeFileSync(t.configPath!, JSON.stringify(config));
      expect(t.gateway.reloadConfig('SIGHUP')).toMatchObject({ status: 'applied' });
      expect((await chat('bench/crew')).status).toBe(200);
      expect((await chat('bench/crew')).status).toBe(429);
    } finally {
      await t.close(); // flushes the spans
    }
    const sent = receiver.spans().filter((span) => span.resource['service.name'] === 'bench-reload');
    const clients = sent
      .filter((span) => span.kind === CLIENT)
      .map((span) => [span.name, span.attributes['gen_ai.request.model'], span.attributes['bench.collection']]);
    expect(clients).toEqual([
      ['chat up-1', 'up-1', 'agents'],
      ['chat up-1-next', 'up-1-next', 'crew'],
    ]);
    const refused = sent.find((span) => span.kind === SERVER && span.attributes['http.response.status_code'] === 429)!;
    const turn = sent.find((span) => span.parentSpanId === refused.spanId);
    expect(turn?.attributes).toMatchObject({ 'bench.collection': 'crew', 'error.type': 'rate-limit' });
    expect(turn?.events).toEqual([
      {
        name: 'bench.refusal',
        attributes: { 'bench.refusal.scope': 'key', 'bench.refusal.limit': 'rpm', 'bench.refusal.retry_after_seconds': expect.any(Number) },
      },
    ]);
  });
});
