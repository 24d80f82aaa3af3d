import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, minimalRequest, postJSON } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

// keepAliveMs is 200 in the harness. `slow`: a route whose grace period (100 ms) ends before a slow member's first piece.
beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        // Seats get no second chance after a 5xx here, so that a panel whose seats all fail fails fast.
        core: { ...base.collections.core, retry: { serverErrorRetries: 0 } },
        slow: {
          members: ['m1', 'm2'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          timeouts: { firstTokenMs: 3000, idleMs: 400, totalMs: 8000, graceMs: 100 },
        },
        // `slow` without mid-stream recovery (with it, m2 would finish a stream that went silent: see continuation.test.ts).
        quiet: {
          members: ['m1', 'm2'],
          reply: 'route',
          order: 'listed',
          sticky: false,
          continue: false,
          timeouts: { firstTokenMs: 3000, idleMs: 400, totalMs: 8000, graceMs: 100 },
        },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe("keep-alives in each protocol's own form", () => {
  it.each([
    ['openai-chat', /^: /m],
    ['openai-responses', /^: /m],
    ['gemini', /^: /m],
    ['anthropic', /event: ping/],
  ] as const)('%s: a panel waiting on slow seats sends keep-alives, and the SDK still reads the answer', async (protocol, keepAlive) => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: `${model} says hi` }, firstPieceDelayMs: 450 });
    const { path, body } = minimalRequest(protocol, 'bench/core', 'slow panel', true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.status).toBe(200);
    expect(raw.text).toMatch(keepAlive);
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: `${model} says hi` }, firstPieceDelayMs: 300 });
    const reply = await ask(sdks, protocol, 'bench/core', 'slow panel', true);
    expect(reply.text).toContain('up-2 says hi');
    expect(reply.bench).toMatchObject({ reply: 'all' });
  });

  it('a route stream that pauses after its first piece gets keep-alives, and is not cut while each pause stays under idleMs', async () => {
    t.upstream.script('up-1', { answer: { text: ['first ', 'second'] }, stall: { afterPieces: 1, ms: 350 } });
    const { path, body } = minimalRequest('anthropic', 'bench/slow', 'pause', true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.text).toMatch(/event: ping/);
    expect(raw.text).toContain('second');
    expect(raw.text).toMatch(/event: message_stop/);
  });
});

describe('a route whose member answers after the grace period', () => {
  it.each(SDK_PROTOCOLS)('%s: the 200 went first, yet the reply names the member and carries bench', async (protocol) => {
    t.upstream.script('up-1', { answer: { text: ['late ', 'but here'] }, firstPieceDelayMs: 400 });
    const reply = await ask(sdks, protocol, 'bench/slow', 'take your time', true);
    expect(reply.text).toBe('late but here');
    expect(reply.bench).toMatchObject({ alias: 'm1', reply: 'route', collection: 'slow' });
    if (protocol === 'openai-chat' || protocol === 'openai-responses') expect(reply.model).toBe('m1');
  });

  it('a member that fails after the grace period is replaced, and the caller still sees one clean answer', async () => {
    t.upstream.script('up-1', { ...faults.serverError(500), headersDelayMs: 300 });
    t.upstream.script('up-2', { answer: { text: 'second after the 200' } });
    const reply = await ask(sdks, 'openai-chat', 'bench/slow', 'fail late', true);
    expect(reply.text).toBe('second after the 200');
    expect(reply.bench).toMatchObject({ alias: 'm2', failed_over: [{ alias: 'm1' }] });
  });
});

describe('upstream stream faults', () => {
  it.each(SDK_PROTOCOLS)(
    '%s: with "continue": false, a stream that goes silent past idleMs ends with an error, never as a finished answer',
    async (protocol) => {
      t.upstream.clearRequests();
      t.upstream.script('up-1', { answer: { text: ['starts ', 'then ', 'stops'] }, stall: { afterPieces: 1, ms: 2000 } });
      const { path, body } = minimalRequest(protocol, 'bench/quiet', 'go quiet', true);
      const raw = await postJSON(t.url + path, body);
      expect(t.upstream.requestsFor('up-2')).toHaveLength(0); // not continued by the next member
      expect(raw.status).toBe(200);
      expect(raw.text).toContain('starts');
      expect(raw.text).not.toContain('stops');
      expect(raw.text).toMatch(/error/i);
      expect(raw.text).not.toMatch(/"done":\s*true|message_stop|response\.completed|\[DONE\]|"finishReason"|"finish_reason":\s*"stop"/);
      await expect(ask(sdks, protocol, 'bench/quiet', 'go quiet', true)).rejects.toThrow();
    },
  );

  it('a malformed upstream event is skipped, the stream goes on, and the call carries a warning in the ledger', async () => {
    t.upstream.script('up-1', { answer: { text: ['one ', 'two ', 'three'] }, malformedAfterPieces: 1 });
    const reply = await ask(sdks, 'openai-chat', 'bench/agents', 'garbled', true);
    expect(reply.text).toBe('one two three');
    await t.gateway.ledger.flush();
    const call = await t.gateway.ledger.getCall(reply.bench!.call);
    expect(call).toMatchObject({ status: 'ok' });
    expect(JSON.stringify(call)).toMatch(/malformed|skipped|parse/i);
  });
});

describe('panels: refusals and failures', () => {
  it.each(SDK_PROTOCOLS)('%s: a panel refuses tools with a 400 that says to use :route', async (protocol) => {
    const { body } = minimalRequest(protocol, 'bench/core', 'tools?', false);
    const withTools: Record<string, unknown> =
      protocol === 'openai-chat'
        ? { ...body, tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }] }
        : protocol === 'openai-responses'
          ? { ...body, tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }] }
          : protocol === 'anthropic'
            ? { ...body, tools: [{ name: 'f', input_schema: { type: 'object' } }] }
            : protocol === 'ollama'
              ? { ...body, tools: [{ type: 'function', function: { name: 'f', description: 'f', parameters: { type: 'object', properties: {} } } }] }
              : { ...body, tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object' } }] }] };
    for (const stream of [false, true]) {
      const streamed = minimalRequest(protocol, 'bench/core', 'tools?', stream);
      const result = await postJSON(t.url + streamed.path, { ...withTools, ...(protocol === 'gemini' ? {} : { stream }) });
      expect(result.status).toBe(400);
      expect(errorMessageOf(protocol, result.json)).toContain(':route');
    }
  });

  it('a panel refuses tool calls and tool results in the history too, even without tools', async () => {
    const result = await postJSON(`${t.url}/v1/chat/completions`, {
      model: 'bench/core:merged',
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'w', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
    });
    expect(result.status).toBe(400);
    expect(errorMessageOf('openai-chat', result.json)).toContain(':route');
  });

  it.each(SDK_PROTOCOLS)('%s: every seat failing is a 502 naming each seat (JSON), and an error event with the same text once streaming', async (protocol) => {
    t.upstream.script('up-1', faults.serverError(500));
    t.upstream.script('up-2', faults.badRequest('seat two refused the schema'));
    t.upstream.script('up-3', faults.reset());
    const plain = minimalRequest(protocol, 'bench/core', 'all fail', false);
    const failed = await postJSON(t.url + plain.path, plain.body);
    expect(failed.status).toBe(502);
    const message = errorMessageOf(protocol, failed.json)!;
    for (const alias of ['m1', 'm2', 'm3']) expect(message).toContain(alias);

    const streamed = minimalRequest(protocol, 'bench/core', 'all fail', true);
    const raw = await postJSON(t.url + streamed.path, streamed.body);
    expect(raw.status).toBe(200);
    for (const alias of ['m1', 'm2', 'm3']) expect(raw.text).toContain(alias);
    expect(raw.text).toMatch(/error/i);
    await expect(ask(sdks, protocol, 'bench/core', 'all fail', true)).rejects.toThrow();
  });

  it('one failed seat: the others answer, the failed seat says so, status 200', async () => {
    t.upstream.script('up-1', { answer: { text: 'fine one' } });
    t.upstream.script('up-2', { answer: { text: 'fine two' } });
    t.upstream.script('up-3', faults.serverError(503));
    const reply = await ask(sdks, 'gemini', 'bench/core', 'partial', true);
    expect(reply.text).toContain('fine one');
    expect(reply.text).toContain('fine two');
    expect(reply.bench!.seats.find((seat: { alias: string }) => seat.alias === 'm3')).toMatchObject({ status: 'error' });
  });
});
