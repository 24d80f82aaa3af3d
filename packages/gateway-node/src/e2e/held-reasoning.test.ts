import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// An OpenAI Chat client (opencode, Cline) has no place for a reasoning signature: the gateway keeps what the member
// wrote and puts it back into the client's next request, so that a thinking Claude keeps its thinking through tool
// steps and a Gemini member gets its own thought signatures instead of the skip placeholder.
const gateway = useTestGateway({
  config: (base) => ({
    ...base,
    models: { ...base.models, thinker: { ...base.models.m4, options: { thinking: { type: 'enabled', budget_tokens: 1024 } } } },
    collections: {
      ...base.collections,
      claudeFirst: { members: ['thinker', 'm1'], reply: 'route', order: 'listed', timeouts: base.defaults.timeouts },
      geminiFirst: { members: ['m5', 'thinker'], reply: 'route', order: 'listed', timeouts: base.defaults.timeouts },
    },
  }),
});

const tools = [
  {
    type: 'function' as const,
    function: { name: 'read', description: 'reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  },
];
const user = { role: 'user' as const, content: 'what is in a.txt?' };

type ChatMessage = Record<string, unknown>;

/** Turn 1: the member thinks, signs and calls `read`; turn 2 sends the call back with its result, as opencode does. */
async function toolLoop(model: string, upstream: string, signature: string | undefined, options: { stream?: boolean; session: string; second?: () => void }) {
  // Gemini signs the function call itself (the testkit's Gemini writes the signature on the part after the thought).
  const text = upstream === 'up-5' ? {} : { text: 'Reading it.' };
  gateway.t().upstream.script(upstream, {
    answer: { reasoning: 'Read the file first.', reasoningSignature: signature, ...text, toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }] },
  });
  const headers = { 'x-session-affinity': options.session };
  const ask = { model, tools, max_tokens: 256 };
  let assistant: ChatMessage;
  if (options.stream) {
    const stream = await gateway.sdks().openai.chat.completions.create({ ...ask, messages: [user], stream: true }, { headers });
    let content = '';
    const calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      content += delta?.content ?? '';
      for (const piece of delta?.tool_calls ?? []) {
        if (piece.id) calls[piece.index] = { id: piece.id, type: 'function', function: { name: piece.function?.name ?? '', arguments: '' } };
        (calls[piece.index] as (typeof calls)[number]).function.arguments += piece.function?.arguments ?? '';
      }
    }
    assistant = { role: 'assistant', content, tool_calls: calls };
  } else {
    const first = await gateway.sdks().openai.chat.completions.create({ ...ask, messages: [user] }, { headers });
    const message = first.choices[0]!.message;
    assistant = { role: 'assistant', content: message.content, tool_calls: message.tool_calls };
  }
  const callId = (assistant.tool_calls as Array<{ id: string }>)[0]!.id;
  (options.second ?? (() => gateway.t().upstream.script(upstream, { answer: { text: 'It says hello.' } })))();
  const second = await gateway
    .sdks()
    .openai.chat.completions.create({ ...ask, messages: [user, assistant as never, { role: 'tool', tool_call_id: callId, content: 'hello' }] }, { headers });
  return { second: second as typeof second & { bench: Record<string, unknown> }, callId };
}

const lastBody = (upstream: string) => gateway.t().upstream.requestsFor(upstream).at(-1)?.body as Record<string, any>;

describe('reasoning kept for OpenAI Chat callers (route mode)', () => {
  for (const stream of [false, true]) {
    it(`a thinking Claude gets its signed thinking back in the tool step, and keeps thinking on (${stream ? 'streamed' : 'JSON'})`, async () => {
      const { second, callId } = await toolLoop('bench/claudeFirst', 'up-4', 'ant-sig-1', { stream, session: `held-claude-${stream}` });
      expect(second.bench).toMatchObject({ alias: 'thinker', turn: 2 });
      const body = lastBody('up-4');
      expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
      const assistant = body.messages.find((message: ChatMessage) => message.role === 'assistant');
      expect(assistant.content).toEqual([
        { type: 'thinking', thinking: 'Read the file first.', signature: 'ant-sig-1' },
        { type: 'text', text: 'Reading it.' },
        { type: 'tool_use', id: callId, name: 'read', input: { path: 'a.txt' } },
      ]);
      expect(JSON.stringify(second.bench.warnings ?? [])).not.toContain('thinking off');
    });
  }

  it('a Gemini member gets its own thought signature back, not the skip placeholder', async () => {
    const { second } = await toolLoop('bench/geminiFirst', 'up-5', 'gem-sig-1', { session: 'held-gemini' });
    expect(second.bench).toMatchObject({ alias: 'm5', turn: 2 });
    const sent = JSON.stringify(lastBody('up-5'));
    expect(lastBody('up-5').contents[1].parts.at(-1)).toEqual({
      functionCall: { name: 'read', id: 'call_1', args: { path: 'a.txt' } },
      thoughtSignature: 'gem-sig-1',
    });
    expect(sent).not.toContain('skip_thought_signature_validator');
  });

  it('after a failover, another provider’s member never gets the kept signature', async () => {
    const { second } = await toolLoop('bench/geminiFirst', 'up-5', 'gem-sig-2', {
      session: 'held-failover',
      second: () => {
        gateway.t().upstream.script('up-5', { error: { status: 503 } });
        gateway.t().upstream.script('up-4', { answer: { text: 'It says hello (thinker).' } });
      },
    });
    expect(second.bench).toMatchObject({ alias: 'thinker' });
    expect(JSON.stringify(lastBody('up-4'))).not.toContain('gem-sig-2');
  });

  it('another conversation calling a tool with the same id gets nothing kept for this one', async () => {
    const { callId } = await toolLoop('bench/claudeFirst', 'up-4', 'ant-sig-3', { session: 'held-owner' });
    gateway.t().upstream.script('up-4', { answer: { text: 'ok' } });
    const assistant = {
      role: 'assistant' as const,
      content: 'Reading it.',
      tool_calls: [{ id: callId, type: 'function' as const, function: { name: 'read', arguments: '{"path":"a.txt"}' } }],
    };
    await gateway
      .sdks()
      .openai.chat.completions.create(
        { model: 'bench/claudeFirst', tools, max_tokens: 256, messages: [user, assistant, { role: 'tool', tool_call_id: callId, content: 'hello' }] },
        { headers: { 'x-session-affinity': 'held-stranger' } },
      );
    expect(JSON.stringify(lastBody('up-4'))).not.toContain('ant-sig-3');
  });
});

// DeepSeek in thinking mode refuses a tool step whose earlier calls come without their reasoning_content ("The
// reasoning_content in the thinking mode must be passed back to the API"); opencode (through the AI SDK) and Gemini
// CLI leave reasoning text out of the history they send. The reasoning has no signature: its text is what is kept.
describe('unsigned reasoning kept for callers that drop it (route mode)', () => {
  const assistantSent = (upstream: string) => lastBody(upstream).messages.find((message: ChatMessage) => message.role === 'assistant');

  for (const stream of [false, true]) {
    it(`an OpenAI Chat member gets its reasoning_content back in the tool step (OpenAI Chat caller, ${stream ? 'streamed' : 'JSON'})`, async () => {
      const { second, callId } = await toolLoop('bench/agents', 'up-1', undefined, { stream, session: `held-deepseek-${stream}` });
      expect(second.bench).toMatchObject({ alias: 'm1', turn: 2 });
      expect(assistantSent('up-1')).toMatchObject({
        reasoning_content: 'Read the file first.',
        content: 'Reading it.',
        tool_calls: [expect.objectContaining({ id: callId })],
      });
    });
  }

  it('after a failover to a server that refuses reasoning_content (Groq, Cerebras), the step is asked again without it', async () => {
    const refuse = {
      error: {
        status: 400,
        error: {
          kind: 'invalid-request' as const,
          message: "messages.1.assistant.reasoning_content: property 'messages.1.assistant.reasoning_content' is unsupported",
        },
      },
    };
    const { second } = await toolLoop('bench/agents', 'up-1', undefined, {
      session: 'held-strict',
      second: () => {
        gateway.t().upstream.script('up-1', { error: { status: 503 } });
        gateway.t().upstream.script('up-2', [refuse, { answer: { text: 'It says hello (m2).' } }]);
      },
    });
    expect(second.bench).toMatchObject({ alias: 'm2' });
    expect(JSON.stringify(second.bench.warnings)).toContain('refused the reasoning of earlier turns');
    const sent = gateway
      .t()
      .upstream.requestsFor('up-2')
      .slice(-2)
      .map((request) => (request.body as Record<string, any>).messages[1].reasoning_content);
    expect(sent).toEqual(['Read the file first.', undefined]);
  });
});

// Gemini CLI keeps a functionCall's thoughtSignature but leaves thought parts (text and their signatures) out of the
// history it sends back.
describe('reasoning kept for Gemini clients that drop thought parts (route mode)', () => {
  const config = { tools: [{ functionDeclarations: [{ name: 'read', parametersJsonSchema: { type: 'object', properties: { path: { type: 'string' } } } }] }] };

  async function geminiToolLoop(model: string, upstream: string, question: string, answer: Record<string, unknown>) {
    const t = gateway.t();
    const gemini = gateway.sdks().gemini;
    const asked = { role: 'user', parts: [{ text: question }] };
    t.upstream.script(upstream, { answer: { ...answer, toolCalls: [{ name: 'read', arguments: '{"path":"b.txt"}' }] } });
    const first = await gemini.models.generateContent({ model, contents: [asked], config });
    const parts = first.candidates![0]!.content!.parts!;
    expect(parts.some((part) => part.thought === true)).toBe(true);
    const call = first.functionCalls![0]!;
    t.upstream.script(upstream, { answer: { text: 'It says hi.' } });
    const next = await gemini.models.generateContent({
      model,
      config,
      contents: [
        asked,
        { role: 'model', parts: parts.filter((part) => part.thought !== true) },
        { role: 'user', parts: [{ functionResponse: { id: call.id, name: 'read', response: { output: 'hi' } } }] },
      ],
    });
    expect(next.text).toBe('It says hi.');
    return call.id;
  }

  it('an OpenAI Chat member (DeepSeek) gets its reasoning_content back', async () => {
    const id = await geminiToolLoop('agents', 'up-1', 'what is in b.txt?', { reasoning: 'Look at b.txt.' });
    const assistant = lastBody('up-1').messages.find((message: ChatMessage) => message.role === 'assistant');
    expect(assistant).toMatchObject({ reasoning_content: 'Look at b.txt.', tool_calls: [expect.objectContaining({ id })] });
  });

  it('a thinking Claude gets its signed thinking back, and keeps thinking on', async () => {
    const id = await geminiToolLoop('claudeFirst', 'up-4', 'and in c.txt?', { reasoning: 'Look at b.txt.', reasoningSignature: 'ant-sig-g', text: 'Reading.' });
    const body = lastBody('up-4');
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(body.messages[1].content).toEqual([
      { type: 'thinking', thinking: 'Look at b.txt.', signature: 'ant-sig-g' },
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id, name: 'read', input: { path: 'b.txt' } },
    ]);
  });
});
