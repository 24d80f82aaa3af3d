import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';
import { toolTurn } from './tool-round-trip';

let t: TestGateway;
let sdks: Sdks;

/** One model per upstream protocol, called by its alias (a route to that one model). */
const UPSTREAMS: Record<Protocol, { alias: string; provider: string }> = {
  'openai-chat': { alias: 'via-chat', provider: 'chat' },
  'openai-responses': { alias: 'via-responses', provider: 'responses' },
  anthropic: { alias: 'via-anthropic', provider: 'anthropic' },
  gemini: { alias: 'via-gemini', provider: 'gemini' },
  ollama: { alias: 'via-ollama', provider: 'ollama' },
};

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      models: {
        ...base.models,
        ...Object.fromEntries(
          Object.values(UPSTREAMS).map(({ alias, provider }) => [
            alias,
            { provider, model: `up-${alias}`, contextWindow: 100000, maxOutput: 4000, tools: true, vision: true },
          ]),
        ),
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

const pairs = SDK_PROTOCOLS.flatMap((client) => SDK_PROTOCOLS.map((upstream) => ({ client, upstream })));

describe('every client protocol × every upstream protocol (route)', () => {
  it.each(pairs)('$client client → $upstream upstream: text streamed, and a tool call round trip', async ({ client, upstream }) => {
    const { alias } = UPSTREAMS[upstream];
    const model = `up-${alias}`;
    t.upstream.script(model, { answer: { text: ['Bonjour ', 'from ', upstream] } });
    const streamed = await ask(sdks, client, alias, 'say hello', true);
    expect(streamed.text).toBe(`Bonjour from ${upstream}`);
    expect(streamed.bench).toMatchObject({ reply: 'route', alias });
    expect(t.upstream.requestsFor(model).at(-1)!.api).toBe(upstream);

    t.upstream.script(model, [
      { answer: { text: 'Checking.', toolCalls: [{ id: 'call_x1', name: 'get_weather', arguments: ['{"city":', '"Lyon"}'] }] } },
      { answer: { text: 'It is 21 degrees in Lyon.' } },
    ]);
    const turn = await toolTurn(sdks, client, alias, 'weather in Lyon?');
    expect(turn.call).toMatchObject({ name: 'get_weather', args: { city: 'Lyon' } });
    expect(turn.text).toBe('Checking.');
    const upstreamTools = t.upstream.requestsFor(model).at(-1)!.neutral!.tools;
    expect(upstreamTools?.map((tool) => tool.name)).toEqual(['get_weather']);

    expect(await turn.answer('{"celsius":21}')).toBe('It is 21 degrees in Lyon.');
    const sent = t.upstream.requestsFor(model).at(-1)!.neutral!;
    const parts = sent.messages.flatMap((message) => [...message.content] as Array<Record<string, any>>);
    const call = parts.find((part) => part.type === 'tool-call');
    const result = parts.find((part) => part.type === 'tool-result');
    expect(call).toMatchObject({ name: 'get_weather' });
    expect(JSON.stringify(call)).toContain('Lyon');
    expect(result).toBeDefined();
    expect(JSON.stringify(result)).toContain('21');
    if (call!.id && result!.callId) expect(result!.callId).toBe(call!.id);
  });
});
