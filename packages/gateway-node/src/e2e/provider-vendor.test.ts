import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// Providers behind a proxy (Cloudflare AI Gateway, LiteLLM, a company egress) on a host that does not show whose API
// it is: the provider's `vendor` says so, and that API's own rules follow it. Here both stand on loopback.

/** An OpenRouter stand-in: answers each request with the next scripted SSE body, and keeps what it was sent. */
const openRouter = { bodies: [] as Array<Record<string, any>>, replies: [] as string[], server: undefined as Server | undefined, url: '' };
const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk', created: 1, model: 'anthropic/claude-sonnet-4.5', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = `data: ${JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk', created: 1, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`;
const details = [{ type: 'reasoning.text', text: 'Read the file.', format: 'anthropic-claude-v1', index: 0, signature: 'CLAUDE-SIG' }];
const thinkAndCall = (callId: string) =>
  chunk({
    role: 'assistant',
    reasoning: 'Read the ',
    reasoning_details: [{ type: 'reasoning.text', text: 'Read the ', format: 'anthropic-claude-v1', index: 0 }],
  }) +
  chunk({ reasoning: 'file.', reasoning_details: [{ type: 'reasoning.text', text: 'file.', index: 0 }] }) +
  chunk({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: 'CLAUDE-SIG', index: 0 }] }) +
  chunk({ tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: 'read', arguments: '{"path":"a.txt"}' } }] }) +
  chunk({}, 'tool_calls') +
  usage +
  'data: [DONE]\n\n';
const answer = chunk({ role: 'assistant', content: 'It says hello.' }) + chunk({}, 'stop') + usage + 'data: [DONE]\n\n';

async function readJSON(req: IncomingMessage): Promise<Record<string, any>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, any>;
}

beforeAll(async () => {
  openRouter.server = createServer((req, res) => {
    void readJSON(req).then((body) => {
      openRouter.bodies.push(body);
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end(openRouter.replies.shift() ?? answer);
    });
  });
  openRouter.server.listen(0, '127.0.0.1');
  await once(openRouter.server, 'listening');
  openRouter.url = `http://127.0.0.1:${(openRouter.server.address() as AddressInfo).port}/openrouter/v1`;
});
afterAll(() => new Promise<void>((resolve) => (openRouter.server ? openRouter.server.close(() => resolve()) : resolve())));

const gateway = useTestGateway({
  config: (base) => ({
    ...base,
    providers: {
      ...base.providers,
      openrouter: { baseURL: openRouter.url, api: 'openai-chat', vendor: 'openrouter' },
      deepseek: { ...base.providers.chat, vendor: 'deepseek' },
    },
    models: {
      ...base.models,
      claude: { provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5', contextWindow: 100000, maxOutput: 4000, tools: true, vision: false },
      deep: { ...base.models.m2, provider: 'deepseek' },
    },
    collections: {
      ...base.collections,
      viaOpenRouter: { members: ['claude'], reply: 'route', timeouts: base.defaults.timeouts },
      toDeepSeek: { members: ['m4', 'deep'], reply: 'route', order: 'listed', timeouts: base.defaults.timeouts },
    },
  }),
});

const tools = [
  {
    type: 'function' as const,
    function: { name: 'read', description: 'reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  },
];

describe('a provider’s vendor, where its host does not show it', () => {
  it('OpenRouter: its reasoning_details go back unmodified in the tool step of a client that drops reasoning (opencode)', async () => {
    const openai = gateway.sdks().openai;
    openRouter.replies.push(thinkAndCall('toolu_1'));
    const user = { role: 'user' as const, content: 'what is in a.txt?' };
    const first = await openai.chat.completions.create({ model: 'bench/viaOpenRouter', messages: [user], tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    const second = await openai.chat.completions.create({
      model: 'bench/viaOpenRouter',
      tools,
      messages: [user, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: 'hello' }],
    });
    expect(second.choices[0]!.message.content).toBe('It says hello.');
    const assistant = openRouter.bodies.at(-1)!.messages[1];
    expect(assistant.reasoning_details).toEqual(details);
    expect(assistant).not.toHaveProperty('reasoning_content');
  });

  it('OpenRouter: the same when a Claude Code client sends the thinking back itself', async () => {
    const anthropic = gateway.sdks().anthropic;
    openRouter.replies.push(thinkAndCall('toolu_2'));
    const user = { role: 'user' as const, content: 'and in b.txt?' };
    const anthropicTools = [{ name: 'read', description: 'reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } } }];
    const first = await anthropic.messages.create({ model: 'bench/viaOpenRouter', max_tokens: 512, messages: [user], tools: anthropicTools });
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: 'Read the file.' });
    const use = first.content.find((block) => block.type === 'tool_use')!;
    await anthropic.messages.create({
      model: 'bench/viaOpenRouter',
      max_tokens: 512,
      tools: anthropicTools,
      messages: [
        user,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'hello' }] },
      ],
    });
    expect(openRouter.bodies.at(-1)!.messages[1].reasoning_details).toEqual(details);
  });

  it('DeepSeek: after a failover, the other member’s tool step goes with an empty reasoning_content, and the reply says so', async () => {
    const t = gateway.t();
    const openai = gateway.sdks().openai;
    const user = { role: 'user' as const, content: 'what is in c.txt?' };
    t.upstream.script('up-4', { answer: { text: 'Reading.', toolCalls: [{ name: 'read', arguments: '{"path":"c.txt"}' }] } });
    const first = await openai.chat.completions.create({ model: 'bench/toDeepSeek', messages: [user], tools });
    const call = first.choices[0]!.message.tool_calls![0]!;
    t.upstream.script('up-4', { error: { status: 503 } });
    t.upstream.script('up-2', { answer: { text: 'It says hi.' } });
    const second = await openai.chat.completions.create({
      model: 'bench/toDeepSeek',
      tools,
      messages: [user, { role: 'assistant', content: 'Reading.', tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: 'hi' }],
    });
    const bench = (second as typeof second & { bench: { alias: string; warnings?: unknown[] } }).bench;
    expect(bench.alias).toBe('deep');
    const assistant = (t.upstream.requestsFor('up-2').at(-1)!.body as Record<string, any>).messages[1];
    expect(assistant).toMatchObject({ role: 'assistant', reasoning_content: '', tool_calls: [expect.objectContaining({ id: call.id })] });
    expect(JSON.stringify(bench.warnings)).toContain('without their reasoning');
  });
});
