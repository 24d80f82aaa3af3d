import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, SDK_PROTOCOLS, sdksFor, type SdkProtocol, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

const ANSWERS = { 'up-1': 'Paris is the capital.', 'up-2': 'The capital is Paris.', 'up-3': 'Capital: Paris.' };

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({ ...base, collections: { ...base.collections, core: { ...base.collections.core, merger: 'm4' } } }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

/** OpenAI Chat and Responses name who answered; the other protocols echo the name asked (DESIGN "Replies"). */
function expectedModel(protocol: SdkProtocol, asked: string, answered: string): string {
  if (protocol === 'openai-chat' || protocol === 'openai-responses') return answered;
  if (protocol === 'gemini') return asked.replace(/^bench\//, '');
  return asked;
}

const cases = SDK_PROTOCOLS.flatMap((protocol) => [false, true].map((stream) => ({ protocol, stream })));

describe.each(cases)('$protocol, stream $stream', ({ protocol, stream }) => {
  const question = `capital of France? (${protocol} ${stream})`;

  it('all: every seat answers, labelled; panel headers and bench', async () => {
    for (const [model, text] of Object.entries(ANSWERS)) t.upstream.script(model, { answer: { text: text.split(/(?<= )/) } });
    const reply = await ask(sdks, protocol, 'bench/core', question, stream);
    for (const [alias, text] of [
      ['m1', ANSWERS['up-1']],
      ['m2', ANSWERS['up-2']],
      ['m3', ANSWERS['up-3']],
    ]) {
      expect(reply.text).toContain(text);
      expect(reply.text).toContain(alias);
    }
    expect(reply.model).toBe(expectedModel(protocol, 'bench/core', 'bench/core'));
    expect(reply.bench).toMatchObject({ collection: 'core', reply: 'all' });
    expect(reply.bench!.seats.map((seat: { alias: string; status: string }) => [seat.alias, seat.status])).toEqual([
      ['m1', 'ok'],
      ['m2', 'ok'],
      ['m3', 'ok'],
    ]);
    expect(reply.headers.get('x-bench-panel')).toBe(reply.bench!.panel);
    expect(reply.headers.get('x-bench-seats')).toBe('m1,m2,m3');
    for (const model of ['up-1', 'up-2', 'up-3']) expect(t.upstream.requestsFor(model).at(-1)!.neutral).toBeDefined();
  });

  it('merged: the merger writes one answer from the seats', async () => {
    for (const [model, text] of Object.entries(ANSWERS)) t.upstream.script(model, { answer: { text } });
    t.upstream.script('up-4', { answer: { text: ['Merged: ', 'Paris.'] } });
    const reply = await ask(sdks, protocol, 'bench/core:merged', question, stream);
    expect(reply.text).toBe('Merged: Paris.');
    expect(reply.model).toBe(expectedModel(protocol, 'bench/core:merged', 'bench/core'));
    expect(reply.bench).toMatchObject({ collection: 'core', reply: 'merged', merger: { alias: 'm4', status: 'ok' } });
    expect(reply.headers.get('x-bench-panel')).toBe(reply.bench!.panel);
    expect(reply.headers.get('x-bench-seats')).toBe('m1,m2,m3');
    // The merger saw every seat's answer.
    const mergePrompt = JSON.stringify(t.upstream.requestsFor('up-4').at(-1)!.body);
    for (const text of Object.values(ANSWERS)) expect(mergePrompt).toContain(text);
  });

  it('route: one member answers; conversation and model headers, bench', async () => {
    t.upstream.script('up-1', { answer: { text: ['Paris', ' is', ' the', ' capital.'] } });
    const reply = await ask(sdks, protocol, 'bench/agents', question, stream);
    expect(reply.text).toBe('Paris is the capital.');
    expect(reply.model).toBe(expectedModel(protocol, 'bench/agents', 'm1'));
    expect(reply.bench).toMatchObject({ collection: 'agents', reply: 'route', alias: 'm1', turn: 1 });
    expect(reply.bench!.call).toMatch(/^r[0-9a-z]{9}[0-9a-f]{15}$/);
    expect(reply.headers.get('x-bench-conversation')).toBe(reply.bench!.conversation);
    expect(reply.headers.get('x-bench-model')).toBe('m1');
    expect(t.upstream.requestsFor('up-1').at(-1)!.neutral!.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: question }] });
  });
});
