import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import { anthropicCodec } from './anthropic-codec';

interface Captured {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let baseURL: string;
const captured: Captured[] = [];

const answer = anthropicCodec.formatReply({
  id: 'msg_cap',
  model: 'claude-test',
  content: [{ type: 'text', text: 'ok' }],
  finishReason: 'stop',
  usage: { inputTokens: 3, outputTokens: 1 },
}).value;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      captured.push({ url: req.url ?? '', headers: req.headers, body });
      if ((body as { stream?: boolean }).stream) {
        const encoder = anthropicCodec.createStreamEncoder();
        res.writeHead(200, { 'content-type': anthropicCodec.streamContentType });
        res.write(encoder.encode({ type: 'start', id: 'msg_cap', model: 'claude-test' }));
        res.write(anthropicCodec.keepAlive);
        res.write(encoder.encode({ type: 'text-delta', text: 'ok' }));
        res.end(encoder.encode({ type: 'finish', reason: 'stop', usage: { inputTokens: 3, outputTokens: 1 } }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const tools: Anthropic.Tool[] = [
  { name: 'get_weather', description: 'Current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
];

const messages: Anthropic.MessageParam[] = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Where is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
    ],
  },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'sunny' }], is_error: false }] },
];

describe('what @anthropic-ai/sdk sends, captured on a real socket, parses', () => {
  it('messages.create with tools, images and tool results', async () => {
    const client = new Anthropic({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'claude-test',
      max_tokens: 256,
      system: 'Be brief.',
      messages,
      tools,
      tool_choice: { type: 'auto' },
      stop_sequences: ['END'],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    const request = captured.at(-1);
    expect(request?.url).toBe('/v1/messages');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.headers['anthropic-version']).toBe('2026-10-21');
    expect(anthropicCodec.parseRequest(request?.body)).toEqual({
      origin: 'anthropic',
      model: 'claude-test',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'user', content: [{ type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'sunny' }], isError: false }] },
      ],
      tools: [
        { name: 'get_weather', description: 'Current weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      ],
      toolChoice: { type: 'auto' },
      maxOutputTokens: 256,
      stop: ['END'],
      stream: false,
      extra: { $system: 'string', $streamAbsent: true },
    });
    expect(anthropicCodec.formatRequest(anthropicCodec.parseRequest(request?.body)).body).toEqual(request?.body);
  });

  it('messages.stream with thinking, read back through a ping', async () => {
    const client = new Anthropic({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
    const final = await client.messages
      .stream({ model: 'claude-test', max_tokens: 4096, thinking: { type: 'enabled', budget_tokens: 2048 }, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'ok' }]);
    const request = anthropicCodec.parseRequest(captured.at(-1)?.body);
    expect(request).toMatchObject({ stream: true, reasoning: { enabled: true, budgetTokens: 2048 }, maxOutputTokens: 4096 });
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }], extra: { $contentString: true } }]);
  });
});
