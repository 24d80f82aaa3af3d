import { getCodec } from '@bench/formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faults } from './faults';
import { startFakeUpstream, type FakeUpstream } from './start-fake-upstream';
import { chatBody, decodeAll, post } from './test-helpers';

let upstream: FakeUpstream;
let chat: string;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  chat = `${upstream.baseURL('openai-chat')}/chat/completions`;
});
afterEach(async () => {
  await upstream.close();
});

describe('scripted answers (OpenAI Chat)', () => {
  it('streams the pieces as given: reasoning, text, and a tool call split across chunks', async () => {
    upstream.script('m1', {
      answer: { reasoning: ['Let me ', 'think.'], text: ['It is ', '4.'], toolCalls: [{ id: 'call_9', name: 'calc', arguments: ['{"a":', '2}'] }] },
    });
    const { status, text } = await post(chat, chatBody('m1', { stream_options: { include_usage: true } }));
    expect(status).toBe(200);
    const { events } = decodeAll('openai-chat', text);
    expect(events.filter((e) => e.type !== 'start' && e.type !== 'finish')).toEqual([
      { type: 'reasoning-delta', text: 'Let me ' },
      { type: 'reasoning-delta', text: 'think.' },
      { type: 'text-delta', text: 'It is ' },
      { type: 'text-delta', text: '4.' },
      { type: 'tool-call-start', id: 'call_9', name: 'calc' },
      { type: 'tool-call-delta', id: 'call_9', argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', id: 'call_9', argumentsDelta: '2}' },
      { type: 'tool-call-end', id: 'call_9' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls', usage: { outputTokens: 7 } });
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('sends usage only when stream_options.include_usage asks for it', async () => {
    upstream.script('m1', { answer: { text: 'four', usage: { inputTokens: 11, outputTokens: 1 } } });
    const without = await post(chat, chatBody('m1'));
    const withUsage = await post(chat, chatBody('m1', { stream_options: { include_usage: true } }));
    expect(without.text).not.toContain('"usage"');
    expect(decodeAll('openai-chat', withUsage.text).events.at(-1)).toMatchObject({ usage: { inputTokens: 11, outputTokens: 1 } });
  });

  it('answers a non-streamed request with the protocol reply body', async () => {
    upstream.script('m1', { answer: { text: ['fo', 'ur'] } });
    const { status, text } = await post(chat, chatBody('m1', { stream: false }));
    expect(status).toBe(200);
    const reply = getCodec('openai-chat').parseReply(JSON.parse(text));
    expect(reply.content).toEqual([{ type: 'text', text: 'four' }]);
    expect(reply.finishReason).toBe('stop');
  });

  it('gives unscripted models a default answer that names the model and echoes the question', async () => {
    const { text } = await post(chat, chatBody('anyone', { stream: false }));
    const reply = getCodec('openai-chat').parseReply(JSON.parse(text));
    expect(reply.content[0]).toEqual({ type: 'text', text: 'anyone heard: What is 2 + 2?' });
  });

  it('applies defaultBehaviour and defaultAnswer to models without a script', async () => {
    const demo = await startFakeUpstream({ defaultBehaviour: { pieceDelayMs: 30 }, defaultAnswer: (model) => ({ text: [`I am `, model] }) });
    const started = performance.now();
    const { text } = await post(`${demo.baseURL('openai-chat')}/chat/completions`, chatBody('voice-1'));
    const elapsed = performance.now() - started;
    await demo.close();
    expect(decodeAll('openai-chat', text).events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: 'I am ' },
      { type: 'text-delta', text: 'voice-1' },
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(30);
  });

  it('answers an empty reply: a finish with no pieces', async () => {
    upstream.script('m1', faults.empty());
    const { events } = decodeAll('openai-chat', (await post(chat, chatBody('m1'))).text);
    expect(events.map((e) => e.type)).toEqual(['start', 'finish']);
  });
});

describe('scripted faults', () => {
  it('answers an HTTP error in the protocol error body, with its headers', async () => {
    upstream.script('m1', faults.rateLimited({ retryAfterSeconds: 2 }));
    const { status, headers, text } = await post(chat, chatBody('m1'));
    expect(status).toBe(429);
    expect(headers.get('retry-after')).toBe('2');
    expect(getCodec('openai-chat').parseError(status, text).kind).toBe('rate-limit');
  });

  it('classifies context-length and content-policy bodies as the codec reads them', async () => {
    upstream.script('m1', [faults.contextLengthExceeded(), faults.contentPolicy()]);
    const first = await post(chat, chatBody('m1'));
    const second = await post(chat, chatBody('m1'));
    expect(JSON.parse(first.text)).toMatchObject({ error: { code: 'context_length_exceeded' } });
    expect(getCodec('openai-chat').parseError(first.status, first.text).kind).toBe('context-length');
    expect(getCodec('openai-chat').parseError(second.status, second.text).kind).toBe('content-policy');
  });

  it('writes a raw error body as given', async () => {
    upstream.script('m1', { error: { status: 503, body: 'upstream connect error' } });
    const { status, text } = await post(chat, chatBody('m1'));
    expect([status, text]).toEqual([503, 'upstream connect error']);
  });

  it('resets the connection before any byte', async () => {
    upstream.script('m1', faults.reset());
    await expect(post(chat, chatBody('m1'))).rejects.toThrow();
    await upstream.settled();
    expect(upstream.requests[0]).toMatchObject({ cutByUpstream: true, closedByCaller: false, ended: false });
  });

  it('cuts the stream after N pieces: no finish, no [DONE]', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b', 'c', 'd'] }, cutAfterPieces: 2 });
    const response = await fetch(chat, { method: 'POST', body: JSON.stringify(chatBody('m1')) });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    await upstream.settled();
    expect(upstream.requests[0]).toMatchObject({ cutByUpstream: true, closedByCaller: false, ended: false });
  });

  it('writes one malformed event and goes on', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b', 'c'] }, malformedAfterPieces: 1 });
    const { events, malformed } = decodeAll('openai-chat', (await post(chat, chatBody('m1'))).text);
    expect(malformed).toHaveLength(1);
    expect(events.filter((e) => e.type === 'text-delta').map((e) => (e.type === 'text-delta' ? e.text : ''))).toEqual(['a', 'b', 'c']);
  });

  it('leaves out [DONE] when told', async () => {
    upstream.script('m1', { answer: { text: 'x' }, omitDone: true });
    const { text } = await post(chat, chatBody('m1', { stream_options: { include_usage: true } }));
    expect(text).not.toContain('[DONE]');
    expect(decodeAll('openai-chat', text).events.at(-1)?.type).toBe('finish');
  });

  it('never answers until the caller gives up, and records that the caller closed', async () => {
    upstream.script('m1', faults.hang());
    const controller = new AbortController();
    const pending = post(chat, chatBody('m1'), { signal: controller.signal });
    await waitFor(() => upstream.requests.length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await upstream.settled();
    expect(upstream.requests[0]).toMatchObject({ closedByCaller: true, ended: false });
    expect(upstream.requests[0]?.closedAt).toBeGreaterThanOrEqual(upstream.requests[0]?.at ?? Infinity);
  });

  it('delays headers, the first piece, and stalls between pieces (lower bounds)', async () => {
    upstream.script('m1', { answer: { text: ['a', 'b'] }, headersDelayMs: 60, firstPieceDelayMs: 60, stall: { afterPieces: 1, ms: 120 } });
    const started = performance.now();
    await post(chat, chatBody('m1'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe('sequences and records', () => {
  it('consumes a script one behaviour per attempt, the last repeating', async () => {
    upstream.script('m1', [faults.serverError(500), { answer: { text: 'ok' } }]);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await post(chat, chatBody('m1', { stream: false }))).status);
    expect(statuses).toEqual([500, 200, 200]);
  });

  it('records path, headers, body, model, neutral form and arrival order', async () => {
    await post(chat, chatBody('m1', { stream: false, temperature: 0.5 }));
    await upstream.settled();
    const [record] = upstream.requests;
    expect(record).toMatchObject({
      index: 0,
      method: 'POST',
      path: '/v1/chat/completions',
      api: 'openai-chat',
      model: 'm1',
      stream: false,
      ended: true,
      closedByCaller: false,
    });
    expect(record?.headers['content-type']).toBe('application/json');
    expect(record?.body).toMatchObject({ temperature: 0.5 });
    expect(record?.neutral?.temperature).toBe(0.5);
    expect(upstream.requestsFor('m1')).toHaveLength(1);
    upstream.clearRequests();
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers a request by the API key it presents, over the model script, and records the key', async () => {
    upstream.script('m1', { answer: { text: 'by model' } });
    upstream.scriptKey('sk-spent', { error: { status: 402 } });
    const send = (headers: Record<string, string>) =>
      fetch(chat, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(chatBody('m1', { stream: false })) });
    expect((await send({ authorization: 'Bearer sk-spent' })).status).toBe(402);
    expect((await send({ authorization: 'Bearer sk-other' })).status).toBe(200);
    const messages = `${upstream.baseURL('anthropic')}/messages`;
    const anthropic = await fetch(messages, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-spent' },
      body: JSON.stringify({ model: 'a1', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(anthropic.status).toBe(402);
    expect(upstream.requests.map((r) => r.apiKey)).toEqual(['sk-spent', 'sk-other', 'sk-spent']);
  });

  it('serves every protocol path, reading the model from the body or the URL', async () => {
    const question = { role: 'user', content: 'hi' };
    await post(`${upstream.baseURL('anthropic')}/messages`, { model: 'a1', max_tokens: 10, messages: [question] });
    await post(`${upstream.baseURL('openai-responses')}/responses`, { model: 'r1', input: 'hi' });
    await post(`${upstream.baseURL('gemini')}/models/g1:streamGenerateContent?alt=sse`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    await post(`${upstream.baseURL('ollama')}/api/chat`, { model: 'o1', messages: [question] });
    expect(upstream.requests.map((r) => [r.api, r.model, r.stream, r.parseError])).toEqual([
      ['anthropic', 'a1', false, undefined],
      ['openai-responses', 'r1', false, undefined],
      ['gemini', 'g1', true, undefined],
      ['ollama', 'o1', true, undefined],
    ]);
  });

  it('streams an Anthropic answer in its own event sequence, and its errors in its own shape', async () => {
    upstream.script('a1', [{ answer: { reasoning: 'hm', text: ['Hi', '!'] } }, faults.rateLimited({ retryAfterSeconds: 1 })]);
    const url = `${upstream.baseURL('anthropic')}/messages`;
    const body = { model: 'a1', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] };
    const streamed = await post(url, body);
    expect(streamed.text).toContain('event: message_start');
    expect(decodeAll('anthropic', streamed.text).events.map((e) => e.type)).toEqual(['start', 'reasoning-delta', 'text-delta', 'text-delta', 'finish']);
    const limited = await post(url, body);
    expect(JSON.parse(limited.text)).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });

  it('answers Gemini non-streamed and Ollama as NDJSON, a malformed line included', async () => {
    upstream.script('o1', { answer: { text: ['a', 'b'] }, malformedAfterPieces: 1 });
    const gemini = await post(`${upstream.baseURL('gemini')}/models/g1:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(getCodec('gemini').parseReply(JSON.parse(gemini.text)).content).toEqual([{ type: 'text', text: 'g1 heard: hi' }]);
    const ollama = await post(`${upstream.baseURL('ollama')}/api/chat`, { model: 'o1', messages: [{ role: 'user', content: 'hi' }] });
    const { events, malformed } = decodeAll('ollama', ollama.text);
    expect(malformed).toHaveLength(1);
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(2);
  });

  it('answers an unknown path with 404', async () => {
    expect((await post(`${upstream.url}/nope`, {})).status).toBe(404);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
