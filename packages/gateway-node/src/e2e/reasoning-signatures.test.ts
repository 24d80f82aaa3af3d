import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

// A reasoning signature is valid only at the provider that wrote it: across a caller of another protocol it must
// come back to that provider as written, and never reach another (which would refuse the request with a 400).
let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: { ...base.collections, geminiFirst: { members: ['m5', 'm4'], reply: 'route', order: 'listed', timeouts: base.defaults.timeouts } },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

const tools = [{ name: 'read', description: 'reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } } }];

/** Turn 1 goes to the Gemini member, which thinks, signs, and calls a tool; turn 2 sends it all back with the result. */
async function toolLoop(session: string, secondTurn: () => void): Promise<{ first: any; second: any }> {
  const headers = { 'x-claude-code-session-id': session };
  t.upstream.script('up-5', {
    answer: { reasoning: 'Read the file first.', reasoningSignature: 'gem-sig-1', toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }] },
  });
  const ask = { model: 'bench/geminiFirst', max_tokens: 256, tools };
  const user = { role: 'user' as const, content: 'what is in a.txt?' };
  const first = (await sdks.anthropic.messages.create({ ...ask, messages: [user] }, { headers })) as any;
  const call = first.content.find((block: any) => block.type === 'tool_use');
  secondTurn();
  const second = (await sdks.anthropic.messages.create(
    {
      ...ask,
      messages: [
        user,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'hello' }] },
      ],
    },
    { headers },
  )) as any;
  return { first, second };
}

describe('reasoning signatures across protocols (route mode)', () => {
  it('a Gemini member’s signature reaches an Anthropic client wrapped, and comes back to Gemini as Gemini wrote it', async () => {
    const { first, second } = await toolLoop('6d1f0000-0000-4000-8000-000000000001', () => t.upstream.script('up-5', { answer: { text: 'It says hello.' } }));
    const thinking = first.content.find((block: any) => block.type === 'thinking');
    expect(thinking).toMatchObject({ thinking: 'Read the file first.' });
    expect(thinking.signature).not.toBe('gem-sig-1');
    expect(second.bench).toMatchObject({ alias: 'm5', turn: 2 });
    const sent = JSON.stringify(t.upstream.requestsFor('up-5').at(-1)?.body);
    expect(sent).toContain('"thoughtSignature":"gem-sig-1"');
    expect(sent).not.toContain('skip_thought_signature_validator');
  });

  it('after a failover to an Anthropic member, the Gemini signature is not sent there', async () => {
    const { second } = await toolLoop('6d1f0000-0000-4000-8000-000000000002', () => {
      t.upstream.script('up-5', { error: { status: 503 } });
      t.upstream.script('up-4', { answer: { text: 'It says hello (from m4).' } });
    });
    expect(second.bench).toMatchObject({ alias: 'm4' });
    const sent = t.upstream.requestsFor('up-4').at(-1)?.body as { messages: Array<{ role: string; content: Array<{ type: string }> }> };
    expect(JSON.stringify(sent)).not.toContain('gem-sig-1');
    const assistant = sent.messages.find((message) => message.role === 'assistant');
    expect(assistant?.content.map((block) => block.type)).toEqual(['tool_use']);
  });
});
