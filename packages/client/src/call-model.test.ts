import { faults, startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { ask, FAST, readAll, target, texts } from './test-helpers';

let upstream: FakeUpstream;
let client: Client;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 50 } });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

describe('calling one model (OpenAI Chat upstream)', () => {
  it('streams the neutral events and sums them up in the result', async () => {
    upstream.script('m1', {
      answer: {
        reasoning: ['Two ', 'and two.'],
        text: ['It is ', '4.'],
        toolCalls: [{ id: 'c1', name: 'calc', arguments: ['{"x":', '4}'] }],
        usage: { inputTokens: 12, outputTokens: 9 },
      },
    });
    const { events, result } = await readAll(client.call(target(upstream, 'm1'), ask()));
    expect(events[0]?.type).toBe('start');
    expect(texts(events)).toEqual(['It is ', '4.']);
    expect(result).toMatchObject({
      ok: true,
      alias: 'm1',
      status: 200,
      text: 'It is 4.',
      reasoning: 'Two and two.',
      toolCalls: [{ type: 'tool-call', id: 'c1', name: 'calc', arguments: '{"x":4}' }],
      usage: { inputTokens: 12, outputTokens: 9 },
      finishReason: 'tool-calls',
    });
    expect(result.firstPieceSeconds).toBeGreaterThan(0);
    expect(result.seconds).toBeGreaterThanOrEqual(result.firstPieceSeconds ?? Infinity);
    expect(result.attempts).toMatchObject([{ alias: 'm1', attempt: 1, ok: true, status: 200 }]);
  });

  it('sends the key as a Bearer token, asks for usage, and merges model options under the caller fields', async () => {
    const request = { ...ask(), temperature: 0.7 };
    const t = target(upstream, 'm1', { model: 'provider-model', options: { temperature: 0.1, user: 'bench', stream_options: { extra_flag: true } } });
    await readAll(client.call(t, request));
    const [seen] = upstream.requests;
    expect(seen?.headers.authorization).toBe('Bearer sk-test-key');
    expect(seen?.model).toBe('provider-model');
    expect(seen?.body).toMatchObject({ temperature: 0.7, user: 'bench', stream: true, stream_options: { include_usage: true, extra_flag: true } });
  });

  it("cuts an output budget over the target's maximum, with a warning, and leaves a smaller one alone", async () => {
    const { result } = await readAll(client.call(target(upstream, 'm1', { maxOutputTokens: 100 }), { ...ask(), maxOutputTokens: 500 }));
    expect(upstream.requests[0]?.body).toMatchObject({ max_tokens: 100 });
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'clamped', path: 'maxOutputTokens' }));
    await readAll(client.call(target(upstream, 'm1', { maxOutputTokens: 100 }), { ...ask(), maxOutputTokens: 50 }));
    expect(upstream.requests[1]?.body).toMatchObject({ max_tokens: 50 });
  });

  it('calls non-streamed too, through parseReply', async () => {
    upstream.script('m1', { answer: { text: 'four' } });
    const { events, result } = await readAll(client.call(target(upstream, 'm1'), ask('q', false)));
    expect(upstream.requests[0]?.stream).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['start', 'text-delta', 'finish']);
    expect(result).toMatchObject({ ok: true, text: 'four', finishReason: 'stop' });
  });

  it('keeps the stop sequence a non-streamed reply names (vLLM stop_reason)', async () => {
    upstream.script('m1', { answer: { text: '<a>4', stopSequence: '</a>' } });
    const { events } = await readAll(client.call(target(upstream, 'm1'), ask('q', false)));
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop', stopSequence: '</a>' });
  });

  it('skips a malformed event, counts it as a warning, and goes on', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, malformedAfterPieces: 2 });
    const { result } = await readAll(client.call(target(upstream, 'm1'), ask()));
    expect(result).toMatchObject({ ok: true, text: 'abc' });
    expect(result.warnings.filter((w) => w.message.startsWith('malformed upstream event skipped'))).toHaveLength(1);
  });

  it('finishes a stream that lacks only [DONE] at once, with its usage', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b'], usage: { inputTokens: 3, outputTokens: 2 } }, omitDone: true });
    const { events, result } = await readAll(client.call(target(upstream, 'm1'), ask()));
    expect(events.at(-1)?.type).toBe('finish');
    expect(result).toMatchObject({ ok: true, text: 'ab', usage: { inputTokens: 3, outputTokens: 2 } });
  });

  it('keeps the connection alive between calls', async () => {
    await readAll(client.call(target(upstream, 'm1'), ask()));
    await readAll(client.call(target(upstream, 'm1'), ask()));
    const sockets = upstream.requests.map((r) => r.headers.connection);
    expect(sockets.every((c) => c === undefined || c === 'keep-alive')).toBe(true);
    expect(new Set(upstream.requests.map((r) => r.remotePort)).size).toBe(1);
  });
});

describe('errors from an OpenAI Chat upstream', () => {
  it('a bad request names the field the upstream said was at fault', async () => {
    upstream.script('m1', faults.badRequest('Invalid schema for function', 'tools[0].function.parameters'));
    const { result } = await readAll(client.call(target(upstream, 'm1'), ask()));
    expect(result.error?.toNeutral()).toMatchObject({ kind: 'invalid-request', param: 'tools[0].function.parameters' });
  });
});

describe('the other protocols', () => {
  it('sends x-api-key and anthropic-version to an Anthropic upstream', async () => {
    upstream.script('claude', { answer: { reasoning: 'hmm', text: ['Hi', '!'], usage: { inputTokens: 5, outputTokens: 2 } } });
    const { result } = await readAll(client.call(target(upstream, 'claude', { api: 'anthropic' }), ask()));
    const [seen] = upstream.requests;
    expect(seen?.path).toBe('/v1/messages');
    expect(seen?.headers['x-api-key']).toBe('sk-test-key');
    expect(seen?.headers['anthropic-version']).toBe('2023-06-01');
    expect(seen?.headers.authorization).toBeUndefined();
    expect(result).toMatchObject({ ok: true, text: 'Hi!', reasoning: 'hmm', finishReason: 'stop', usage: { inputTokens: 5, outputTokens: 2 } });
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: 'converted', path: 'max_tokens' }));
  });

  it('sends x-goog-api-key to a Gemini upstream', async () => {
    await readAll(client.call(target(upstream, 'gem', { api: 'gemini' }), ask()));
    expect(upstream.requests[0]?.headers['x-goog-api-key']).toBe('sk-test-key');
    expect(upstream.requests[0]?.path).toBe('/v1beta/models/gem:streamGenerateContent?alt=sse');
  });

  it.each(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'ollama'] as const)('streams a happy path from a %s upstream', async (api) => {
    upstream.script('m1', { answer: { text: ['Hel', 'lo'], toolCalls: [{ id: 'call_1', name: 'look', arguments: ['{"q":', '"x"}'] }] } });
    const { events, result } = await readAll(client.call(target(upstream, 'm1', { api }), ask()));
    expect(upstream.requests[0]?.api).toBe(api);
    expect(texts(events)).toEqual(['Hel', 'lo']);
    expect(result).toMatchObject({ ok: true, text: 'Hello', finishReason: 'tool-calls' });
    expect(result.toolCalls).toMatchObject([{ name: 'look', arguments: '{"q":"x"}' }]);
  });
});
