import type { Behaviour } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf } from './ledger-calls';
import { minimalRequest, postJSON } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor, type SdkProtocol, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

// Short idle timeout (a stall is seen quickly), no cooling down (m1 fails in every test), no second chance for the
// member that failed (the next one continues). `relay`: m1, m2 (OpenAI Chat: asked again without a prefill);
// `prefills`: m1, then m4 (Anthropic: continues from a prefill); `once`: one continuation at most; `plain`: none.
const timeouts = { firstTokenMs: 1000, idleMs: 300, totalMs: 8000, graceMs: 3000 };
const route = (members: string[], extra: Record<string, unknown> = {}) => ({
  members,
  reply: 'route',
  order: 'listed',
  sticky: false,
  rotate: 0,
  timeouts,
  retry: { serverErrorRetries: 0, ...((extra.retry as object | undefined) ?? {}) },
  cooldown: { afterFailures: 1000, forMs: 1 },
  ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'retry')),
});

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        relay: route(['m1', 'm2']),
        prefills: route(['m1', 'm4']),
        once: route(['m1', 'm2', 'm3'], { retry: { continuations: 1 } }),
        plain: route(['m1', 'm2'], { continue: false }),
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

const WHOLE = 'The quick brown fox jumps over the lazy dog, twice over.';
const SENT = 'The quick brown ';
const words = (text: string) => text.split(/(?<= )/);
/** The whole answer, a word a piece (the first three are what the caller has when m1 is cut). */
const answering = (extra: Partial<Behaviour> = {}): Behaviour => ({ answer: { text: words(WHOLE) }, ...extra });

/** How many finishes a raw streamed body of a protocol holds. */
function finishesIn(protocol: SdkProtocol, body: string): number {
  const count = (pattern: RegExp) => (body.match(pattern) ?? []).length;
  switch (protocol) {
    case 'openai-chat':
      return count(/"finish_reason":"[a-z_]+"/g);
    case 'openai-responses':
      return count(/^event: response\.completed$/gm);
    case 'anthropic':
      return count(/^event: message_stop$/gm);
    case 'gemini':
      return count(/"finishReason":"[A-Z_]+"/g);
    case 'ollama':
      return count(/"done":true/g);
  }
}

async function turnOf(conversation: string) {
  const ledger = t.gateway.ledger;
  for (let tries = 0; tries < 50; tries += 1) {
    await ledger.flush();
    const [turn] = await ledger.getTurns(conversation);
    if (turn) return turn;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no turn recorded for ${conversation}`);
}

describe("a member cut after its first pieces is finished by the next one, through every caller protocol's SDK", () => {
  it.each(SDK_PROTOCOLS)('%s streamed: the SDK assembles the whole answer once, one finish, bench.continued names the continuation', async (protocol) => {
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering());
    const reply = await ask(sdks, protocol, 'bench/relay', `cut ${protocol}`, true);
    expect(reply.text).toBe(WHOLE);
    expect(reply.bench).toMatchObject({ alias: 'm2', continued: [{ alias: 'm2', from: 'm1', after: SENT.length, why: expect.stringContaining('m1') }] });
    expect(reply.bench!.continued).toHaveLength(1);
    expect(reply.bench!.failed_over).toBeUndefined(); // m1 answered its part: a continuation, not a failover

    const { path, body } = minimalRequest(protocol, 'bench/relay', `cut ${protocol} raw`, true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.status).toBe(200);
    expect(finishesIn(protocol, raw.text)).toBe(1);
    expect(raw.text).not.toMatch(/not continued/);
  });

  it.each(SDK_PROTOCOLS)('%s not streamed: the caller gets one whole answer as JSON', async (protocol) => {
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering());
    const reply = await ask(sdks, protocol, 'bench/relay', `whole ${protocol}`, false);
    expect(reply.text).toBe(WHOLE);
    expect(reply.bench).toMatchObject({ alias: 'm2', continued: [{ alias: 'm2', from: 'm1', after: SENT.length }] });
    expect(reply.headers.get('x-bench-model')).toBe('m2');
  });

  it('a Responses caller: the stored reply (GET /v1/responses/{id}) holds the spliced answer once, named as the caller saw it', async () => {
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering());
    let completed: any;
    for await (const event of await sdks.openai.responses.create({ model: 'bench/relay', input: 'stored continuation', stream: true })) {
      if (event.type === 'response.completed') completed = event.response;
    }
    const retrieved = await sdks.openai.responses.retrieve(completed.id);
    expect(retrieved.output_text).toBe(WHOLE);
    expect(retrieved.model).toBe(completed.model); // as the stream named it (its start went before the cut)

    const whole = await sdks.openai.responses.create({ model: 'bench/relay', input: 'stored whole continuation' });
    expect(whole.model).toBe('m2');
    const retrievedWhole = await sdks.openai.responses.retrieve(whole.id);
    expect(retrievedWhole.output_text).toBe(WHOLE);
    expect(retrievedWhole.model).toBe('m2');
  });

  it('the ledger: a call for each member, the cut one failed with its own part, the turn named after the member that finished it', async () => {
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', { answer: { text: words(WHOLE), usage: { inputTokens: 30, outputTokens: 12 } } });
    const reply = await ask(sdks, 'openai-chat', 'bench/relay', 'ledger the continuation', true);
    const { conversation, call } = reply.bench!;
    const turn = await turnOf(conversation);
    expect(turn).toMatchObject({ call, alias: 'm2', status: 'ok', inputTokens: 30, outputTokens: 12 });
    expect(turn.tried).toEqual([{ alias: 'm1', error: expect.any(String) }, { alias: 'm2' }]);
    // Each call's part of the text: the cut one what it sent, the continuation what it added after the splice.
    expect(await t.gateway.ledger.getCall(call)).toMatchObject({ alias: 'm2', purpose: 'route', status: 'ok', textChars: WHOLE.length - SENT.length });
    expect(await t.gateway.ledger.getCall(`${call}-1`)).toMatchObject({ alias: 'm1', purpose: 'route', status: 'connection', textChars: SENT.length });
  });
});

describe('each way a stream fails part way, each way the next member answers', () => {
  it('a stall after N pieces (past idleMs) is continued', async () => {
    t.upstream.script('up-1', answering({ stall: { afterPieces: 3, ms: 1500 } }));
    t.upstream.script('up-2', answering());
    const reply = await ask(sdks, 'anthropic', 'bench/relay', 'stall', true);
    expect(reply.text).toBe(WHOLE);
    expect(reply.bench!.continued).toEqual([{ alias: 'm2', from: 'm1', after: SENT.length, why: expect.stringMatching(/idle|silent|timeout|ms/i) }]);
  });

  it('an upstream error event part way is continued', async () => {
    t.upstream.script('up-1', answering({ errorAfterPieces: 3 }));
    t.upstream.script('up-2', answering());
    const reply = await ask(sdks, 'gemini', 'bench/relay', 'error event', true);
    expect(reply.text).toBe(WHOLE);
    expect(reply.bench!.continued).toEqual([{ alias: 'm2', from: 'm1', after: SENT.length, why: expect.any(String) }]);
  });

  const prefilled: Array<[string, Behaviour['prefill'], SdkProtocol]> = [
    ['continues from the prefill', 'continue', 'openai-chat'],
    ['restarts from scratch (the repeat is dropped)', 'restart', 'anthropic'],
    ['overlaps the last words (the overlap is dropped)', { overlap: 'quick brown'.length }, 'openai-responses'],
    ['refuses prefills (asked again without one)', 'refuse', 'ollama'],
  ];
  it.each(prefilled)('an Anthropic member that %s: the %s caller gets the answer once', async (_name, prefill, protocol) => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-4', answering({ prefill }));
    const reply = await ask(sdks, protocol, 'bench/prefills', `prefill ${JSON.stringify(prefill)}`, true);
    expect(reply.text).toBe(WHOLE);
    expect(reply.bench!.continued).toEqual([{ alias: 'm4', from: 'm1', after: SENT.length, why: expect.any(String) }]);
    const asked = t.upstream.requestsFor('up-4');
    const lastMessage = (request: (typeof asked)[number]) => request.neutral?.messages.at(-1);
    // Sent the text so far as the start of its answer (its trailing space left out); a refusal, then once without it.
    expect(lastMessage(asked[0]!)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: SENT.trimEnd() }] });
    if (prefill === 'refuse') {
      expect(asked).toHaveLength(2);
      expect(lastMessage(asked[1]!)).toMatchObject({ role: 'user' });
    } else expect(asked).toHaveLength(1);
  });
});

describe('what is not continued ends with the error event, as before', () => {
  const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
  const toolCut: Behaviour = {
    answer: { text: ['Checking. '], toolCalls: [{ name: 'get_weather', arguments: ['{"ci', 'ty":"Os', 'lo"}'] }] },
    cutAfterPieces: 2,
  };

  it('a cut inside a tool call: a clean error event naming why, the stream ends, nobody else is asked', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', toolCut);
    t.upstream.script('up-2', answering());
    const raw = await postJSON(`${t.url}/v1/chat/completions`, {
      model: 'bench/relay',
      stream: true,
      tools,
      messages: [{ role: 'user', content: 'tool cut raw' }],
    });
    expect(raw.status).toBe(200);
    expect(raw.text).toMatch(/not continued: the stream failed after a tool call had started/);
    expect(raw.text).not.toMatch(/"finish_reason":"[a-z_]+"/);
    const stream = await sdks.openai.chat.completions.create({
      model: 'bench/relay',
      stream: true,
      tools: tools as never,
      messages: [{ role: 'user', content: 'tool cut' }],
    });
    const read = async () => {
      for await (const _chunk of stream);
    };
    await expect(read()).rejects.toThrow(/not continued/);
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
  });

  it('the limit reached (retry.continuations: 1, two members cut): the error event says so, the third is not asked', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering({ cutAfterPieces: 5 }));
    t.upstream.script('up-3', answering());
    await expect(ask(sdks, 'anthropic', 'bench/once', 'limit', true)).rejects.toThrow(/limit of 1 continuation/);
    const { path, body } = minimalRequest('ollama', 'bench/once', 'limit raw', true);
    const raw = await postJSON(t.url + path, body);
    expect(raw.text).toMatch(/not continued: the limit of 1 continuation \(retry\.continuations\) was reached/);
    expect(finishesIn('ollama', raw.text)).toBe(0);
    expect(t.upstream.requestsFor('up-3')).toHaveLength(0);
  });

  it('"continue": false: the cut ends with the error event, the next member is not asked', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering());
    await expect(ask(sdks, 'openai-chat', 'bench/plain', 'no continuation', true)).rejects.toThrow();
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0);
  });
});

describe('the caller leaving during the recovery', () => {
  it('aborts the continuing upstream and still records both calls', async () => {
    t.upstream.clearRequests();
    t.upstream.script('up-1', answering({ cutAfterPieces: 3 }));
    t.upstream.script('up-2', answering({ firstPieceDelayMs: 5000 }));
    const abort = new AbortController();
    const { data, response } = await sdks.openai.chat.completions
      .create({ model: 'bench/relay', stream: true, messages: [{ role: 'user', content: 'leaving' }] }, { signal: abort.signal })
      .withResponse();
    const conversation = response.headers.get('x-bench-conversation')!;
    let text = '';
    const reading = (async () => {
      for await (const chunk of data) text += chunk.choices[0]?.delta.content ?? '';
    })().catch(() => undefined);
    for (let tries = 0; tries < 100 && t.upstream.requestsFor('up-2').length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.upstream.requestsFor('up-2')).toHaveLength(1);
    abort.abort();
    await reading;
    expect(text).toBe(SENT);
    await t.upstream.settled();
    expect(t.upstream.requestsFor('up-2')[0]!.closedByCaller).toBe(true);
    const turn = await turnOf(conversation);
    expect(turn).toMatchObject({ status: 'aborted' });
    expect(turn.tried.map((tried: { alias: string }) => tried.alias)).toEqual(['m1', 'm2']);
    const calls = await callsOf(t.gateway, conversation);
    expect(calls.map((call) => [call.alias, call.status])).toEqual([
      ['m1', 'connection'],
      ['m2', 'aborted'],
    ]);
  });
});
