import { createAnthropic } from '@ai-sdk/anthropic';
import { generateText, jsonSchema, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdksFor, type Sdks } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const weatherCall = { id: 'call_w1', name: 'get_weather', arguments: ['{"city":', '"Paris"}'] };

beforeAll(async () => {
  t = await startTestGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

/** The tool result the upstream received in the last request for a model, in neutral form. */
function toolResultSeen(model: string) {
  const messages = t.upstream.requestsFor(model).at(-1)!.neutral!.messages;
  const parts = messages.flatMap((message) => [...message.content] as Array<{ type: string }>);
  return parts.find((part) => part.type === 'tool-result');
}

describe('route: tool calls and tool results, every protocol', () => {
  it('OpenAI Chat: the SDK parses the call (streamed and not); the tool result reaches the upstream intact', async () => {
    t.upstream.script('up-1', { answer: { toolCalls: [weatherCall] } });
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: weatherSchema } }];
    const messages = [{ role: 'user' as const, content: 'weather in Paris?' }];
    const reply = await sdks.openai.chat.completions.create({ model: 'bench/agents', messages, tools });
    const call = reply.choices[0]!.message.tool_calls![0]!;
    expect(reply.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call.type === 'function' && [call.id, call.function.name, JSON.parse(call.function.arguments)]).toEqual([
      'call_w1',
      'get_weather',
      { city: 'Paris' },
    ]);
    expect(t.upstream.requestsFor('up-1').at(-1)!.neutral!.tools).toEqual([expect.objectContaining({ name: 'get_weather', inputSchema: weatherSchema })]);

    const stream = await sdks.openai.chat.completions.create({ model: 'bench/agents', messages, tools, stream: true });
    let args = '';
    let name: string | undefined;
    for await (const chunk of stream) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        name ??= delta.function?.name;
        args += delta.function?.arguments ?? '';
      }
    }
    expect([name, JSON.parse(args)]).toEqual(['get_weather', { city: 'Paris' }]);

    t.upstream.script('up-1', { answer: { text: 'It is 18°C in Paris.' } });
    const next = await sdks.openai.chat.completions.create({
      model: 'bench/agents',
      tools,
      messages: [...messages, reply.choices[0]!.message, { role: 'tool', tool_call_id: 'call_w1', content: '{"celsius":18}' }],
    });
    expect(next.choices[0]!.message.content).toBe('It is 18°C in Paris.');
    expect(toolResultSeen('up-1')).toMatchObject({ type: 'tool-result', callId: 'call_w1' });
    expect(JSON.stringify(toolResultSeen('up-1'))).toContain('{\\"celsius\\":18}');
    expect((next as any).bench.turn).toBe(2);
  });

  it('Anthropic client on an OpenAI Chat upstream: tool_use parsed, tool_result translated to a tool message and back', async () => {
    t.upstream.script('up-1', { answer: { text: 'Let me check.', toolCalls: [weatherCall] } });
    const tools = [{ name: 'get_weather', description: 'weather', input_schema: weatherSchema as never }];
    const messages = [{ role: 'user' as const, content: 'weather in Paris?' }];
    const reply = await sdks.anthropic.messages.create({ model: 'claude-opus-4-8', max_tokens: 512, messages, tools });
    expect(reply.stop_reason).toBe('tool_use');
    expect(reply.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Let me check.' }),
      expect.objectContaining({ type: 'tool_use', id: 'call_w1', name: 'get_weather', input: { city: 'Paris' } }),
    ]);
    const upstreamBody = t.upstream.requestsFor('up-1').at(-1)!.body as any;
    expect(upstreamBody.tools[0]).toMatchObject({ type: 'function', function: { name: 'get_weather', parameters: weatherSchema } });

    const stream = sdks.anthropic.messages.stream({ model: 'claude-opus-4-8', max_tokens: 512, messages, tools });
    const final = await stream.finalMessage();
    expect(final.content.find((block) => block.type === 'tool_use')).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });

    t.upstream.script('up-1', { answer: { text: '18°C.' } });
    const next = await sdks.anthropic.messages.create({
      model: 'claude-opus-4-8',
      max_tokens: 512,
      tools,
      messages: [
        ...messages,
        { role: 'assistant', content: reply.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_w1', content: '{"celsius":18}' }] },
      ],
    });
    expect(next.content).toEqual([expect.objectContaining({ type: 'text', text: '18°C.' })]);
    const sent = (t.upstream.requestsFor('up-1').at(-1)!.body as any).messages;
    expect(sent).toContainEqual(expect.objectContaining({ role: 'tool', tool_call_id: 'call_w1', content: '{"celsius":18}' }));
    const assistant = sent.find((message: any) => message.role === 'assistant');
    expect(assistant.tool_calls[0]).toMatchObject({ id: 'call_w1', function: { name: 'get_weather' } });
    expect(JSON.parse(assistant.tool_calls[0].function.arguments)).toEqual({ city: 'Paris' });
  });

  it('Responses: a function_call item, then function_call_output reaches the upstream', async () => {
    t.upstream.script('up-1', { answer: { toolCalls: [weatherCall] } });
    const tools = [{ type: 'function' as const, name: 'get_weather', parameters: weatherSchema, strict: false }];
    const reply = await sdks.openai.responses.create({ model: 'bench/agents', input: 'weather in Paris?', tools });
    const item = reply.output.find((entry) => entry.type === 'function_call');
    expect(item).toMatchObject({ call_id: 'call_w1', name: 'get_weather' });
    expect(JSON.parse((item as { arguments: string }).arguments)).toEqual({ city: 'Paris' });

    t.upstream.script('up-1', { answer: { text: 'Sunny.' } });
    const next = await sdks.openai.responses.create({
      model: 'bench/agents',
      tools,
      input: [{ role: 'user', content: 'weather in Paris?' }, item as never, { type: 'function_call_output', call_id: 'call_w1', output: '{"celsius":18}' }],
    });
    expect(next.output_text).toBe('Sunny.');
    expect(toolResultSeen('up-1')).toMatchObject({ callId: 'call_w1' });
    expect(JSON.stringify(toolResultSeen('up-1'))).toContain('celsius');
  });

  it('Gemini: a functionCall part with its args, then a functionResponse reaches the upstream', async () => {
    t.upstream.script('up-1', { answer: { toolCalls: [weatherCall] } });
    const config = { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: weatherSchema }] }] };
    const reply = await sdks.gemini.models.generateContent({ model: 'agents', contents: 'weather in Paris?', config });
    expect(reply.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })]);

    t.upstream.script('up-1', { answer: { text: 'Mild.' } });
    const next = await sdks.gemini.models.generateContent({
      model: 'agents',
      config,
      contents: [
        { role: 'user', parts: [{ text: 'weather in Paris?' }] },
        reply.candidates![0]!.content!,
        { role: 'user', parts: [{ functionResponse: { id: reply.functionCalls![0]!.id, name: 'get_weather', response: { celsius: 18 } } }] },
      ],
    });
    expect(next.text).toBe('Mild.');
    expect(JSON.stringify(toolResultSeen('up-1'))).toContain('celsius');
  });

  it('Ollama: tool_calls with parsed arguments, then a tool message reaches the upstream', async () => {
    t.upstream.script('up-1', { answer: { toolCalls: [weatherCall] } });
    const tools = [{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: weatherSchema as never } }];
    const messages = [{ role: 'user', content: 'weather in Paris?' }];
    const reply = await sdks.ollama.chat({ model: 'bench/agents', messages, tools, stream: false });
    expect(reply.message.tool_calls).toEqual([
      expect.objectContaining({ function: expect.objectContaining({ name: 'get_weather', arguments: { city: 'Paris' } }) }),
    ]);

    t.upstream.script('up-1', { answer: { text: 'Warm.' } });
    const next = await sdks.ollama.chat({
      model: 'bench/agents',
      tools,
      stream: false,
      messages: [...messages, reply.message, { role: 'tool', content: '{"celsius":18}', tool_name: 'get_weather' } as never],
    });
    expect(next.message.content).toBe('Warm.');
    expect(JSON.stringify(toolResultSeen('up-1'))).toContain('celsius');
  });

  it('the Vercel AI SDK (Anthropic provider) runs a tool round trip through the gateway', async () => {
    t.upstream.script('up-1', [{ answer: { toolCalls: [weatherCall] } }, { answer: { text: 'It is 18°C.' } }]);
    const anthropic = createAnthropic({ baseURL: `${t.url}/v1`, apiKey: 'unused' });
    const seen: unknown[] = [];
    const result = await generateText({
      model: anthropic('claude-sonnet-4-5'),
      prompt: 'weather in Paris?',
      maxRetries: 0,
      stopWhen: ({ steps }) => steps.length >= 2,
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>(weatherSchema as never),
          execute: async (input) => {
            seen.push(input);
            return { celsius: 18 };
          },
        }),
      },
    });
    expect(seen).toEqual([{ city: 'Paris' }]);
    expect(result.text).toBe('It is 18°C.');
    expect(JSON.stringify(toolResultSeen('up-1'))).toContain('celsius');
  });
});

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('route: tool-call ids Anthropic would refuse', () => {
  // Kimi (OpenAI-compatible) names its calls `functions.<name>:<n>`; Anthropic refuses any id outside [a-zA-Z0-9_-]
  // with a 400 for the whole request, which ends the turn. A conversation that reaches an Anthropic member brings them.
  const kimiId = 'functions.get_weather:0';
  const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;

  function toolIdsSent(): string[] {
    const body = t.upstream.requestsFor('up-4').at(-1)!.body as { messages: Array<{ content: string | Array<Record<string, unknown>> }> };
    const blocks = body.messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
    return blocks.flatMap((block) => (block.type === 'tool_use' ? [String(block.id)] : block.type === 'tool_result' ? [String(block.tool_use_id)] : []));
  }

  it.each(['openai-chat', 'anthropic'] as const)('from an %s client: rewritten for the Anthropic member, the pair still matched', async (protocol) => {
    t.upstream.script('up-4', { answer: { text: 'It is 18°C in Paris.' } });
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: weatherSchema } }];
    const reply =
      protocol === 'openai-chat'
        ? ((await sdks.openai.chat.completions.create({
            model: 'bench/mixed',
            tools,
            messages: [
              { role: 'user', content: 'weather in Paris?' },
              {
                role: 'assistant',
                content: null,
                tool_calls: [{ id: kimiId, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
              },
              { role: 'tool', tool_call_id: kimiId, content: '{"celsius":18}' },
            ],
          })) as any)
        : ((await sdks.anthropic.messages.create({
            model: 'bench/mixed',
            max_tokens: 256,
            tools: [{ name: 'get_weather', input_schema: weatherSchema as never }],
            messages: [
              { role: 'user', content: 'weather in Paris?' },
              { role: 'assistant', content: [{ type: 'tool_use', id: kimiId, name: 'get_weather', input: { city: 'Paris' } }] },
              { role: 'user', content: [{ type: 'tool_result', tool_use_id: kimiId, content: '{"celsius":18}' }] },
            ],
          })) as any);
    expect(reply.bench).toMatchObject({ alias: 'm4' });
    const [use, result] = toolIdsSent();
    expect(use).toMatch(ANTHROPIC_ID);
    expect(result).toBe(use);
  });
});

describe('route: images', () => {
  it('an Anthropic base64 image reaches an OpenAI Chat upstream as a data URL', async () => {
    t.upstream.script('up-1', { answer: { text: 'A pixel.' } });
    const reply = await sdks.anthropic.messages.create({
      model: 'claude-opus-4-8',
      max_tokens: 100,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } },
            { type: 'text', text: 'what is this?' },
          ],
        },
      ],
    });
    expect(reply.content).toEqual([expect.objectContaining({ text: 'A pixel.' })]);
    const content = (t.upstream.requestsFor('up-1').at(-1)!.body as any).messages.at(-1).content;
    expect(content).toContainEqual({ type: 'image_url', image_url: expect.objectContaining({ url: `data:image/png;base64,${PIXEL}` }) });
  });

  it("an image a tool returned (Claude Code's Read of a screenshot) reaches an OpenAI Chat member, after the tool message", async () => {
    t.upstream.script('up-1', { answer: { text: 'A login form.' } });
    const reply = (await sdks.anthropic.messages.create({
      model: 'claude-opus-4-8',
      max_tokens: 100,
      tools: [{ name: 'Read', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
      messages: [
        { role: 'user', content: 'what does /tmp/shot.png show?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_shot', name: 'Read', input: { file_path: '/tmp/shot.png' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_shot', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } }] },
          ],
        },
      ],
    })) as any;
    expect(reply.bench).toMatchObject({ alias: 'm1' });
    expect(reply.bench.warnings).toEqual([
      { path: 'messages[2].content[0].content[0]', message: 'an image in a tool result is sent in a user message after the tool messages' },
    ]);
    const messages = (t.upstream.requestsFor('up-1').at(-1)!.body as any).messages;
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'toolu_shot', content: '' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'From the result of tool call toolu_shot:' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
        ],
      },
    ]);
  });

  it('a member without vision is skipped, with its reason in bench.skipped', async () => {
    const gateway = await startTestGateway({
      config: (base) => ({ ...base, collections: { ...base.collections, eyes: { members: ['m3', 'm2'], reply: 'route', order: 'listed' } } }),
      scripts: { 'up-2': { answer: { text: 'I see a pixel.' } } },
    });
    try {
      const reply = await sdksFor(gateway.url).openai.chat.completions.create({
        model: 'bench/eyes',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
              { type: 'text', text: 'what?' },
            ],
          },
        ],
      });
      expect(reply.choices[0]!.message.content).toBe('I see a pixel.');
      expect((reply as any).bench).toMatchObject({ alias: 'm2', skipped: [{ alias: 'm3', why: expect.stringMatching(/vision/) }] });
      expect(gateway.upstream.requestsFor('up-3')).toHaveLength(0);
    } finally {
      await gateway.close();
    }
  });
});

describe('route: reasoning rendered per protocol', () => {
  const thinking = { answer: { reasoning: ['Paris is', ' in France.'], text: 'Paris.' } };

  it('OpenAI Chat: reasoning_content, streamed and not', async () => {
    t.upstream.script('up-1', thinking);
    const reply = await sdks.openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'think' }] });
    expect((reply.choices[0]!.message as any).reasoning_content).toBe('Paris is in France.');
    expect(reply.choices[0]!.message.content).toBe('Paris.');
    let reasoning = '';
    for await (const chunk of await sdks.openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: 'think' }],
      stream: true,
    })) {
      reasoning += (chunk.choices[0]?.delta as any)?.reasoning_content ?? '';
    }
    expect(reasoning).toBe('Paris is in France.');
  });

  it('Responses: a reasoning item and reasoning events', async () => {
    t.upstream.script('up-1', thinking);
    const reply = await sdks.openai.responses.create({ model: 'bench/agents', input: 'think' });
    expect(JSON.stringify(reply.output.find((item) => item.type === 'reasoning'))).toContain('Paris is in France.');
    expect(reply.output_text).toBe('Paris.');
    const types = new Set<string>();
    for await (const event of await sdks.openai.responses.create({ model: 'bench/agents', input: 'think', stream: true })) types.add(event.type);
    expect([...types].some((type) => type.startsWith('response.reasoning'))).toBe(true);
  });

  it('Anthropic: thinking blocks, streamed and not', async () => {
    t.upstream.script('up-1', thinking);
    const params = { model: 'claude-opus-4-8', max_tokens: 2048, messages: [{ role: 'user' as const, content: 'think' }] };
    const reply = await sdks.anthropic.messages.create(params);
    expect(reply.content[0]).toMatchObject({ type: 'thinking', thinking: 'Paris is in France.' });
    expect(reply.content[1]).toMatchObject({ type: 'text', text: 'Paris.' });
    const final = await sdks.anthropic.messages.stream(params).finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'thinking', thinking: 'Paris is in France.' });
  });

  it('Gemini: thought parts', async () => {
    t.upstream.script('up-1', thinking);
    const reply = await sdks.gemini.models.generateContent({ model: 'agents', contents: 'think' });
    const parts = reply.candidates![0]!.content!.parts!;
    expect(
      parts
        .filter((part) => part.thought)
        .map((part) => part.text)
        .join(''),
    ).toBe('Paris is in France.');
    expect(reply.text).toBe('Paris.');
  });

  it('Ollama: message.thinking, streamed and not', async () => {
    t.upstream.script('up-1', thinking);
    const reply = await sdks.ollama.chat({ model: 'bench/agents', messages: [{ role: 'user', content: 'think' }], stream: false });
    expect(reply.message.thinking).toBe('Paris is in France.');
    expect(reply.message.content).toBe('Paris.');
    let thought = '';
    for await (const part of await sdks.ollama.chat({ model: 'bench/agents', messages: [{ role: 'user', content: 'think' }], stream: true }))
      thought += part.message.thinking ?? '';
    expect(thought).toBe('Paris is in France.');
  });
});
