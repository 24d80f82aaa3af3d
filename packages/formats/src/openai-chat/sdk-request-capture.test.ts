import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import type { StreamEvent } from '../neutral/stream-event';
import { encodeAll } from './__fixtures__/sse-response';
import { stripExtra } from './__fixtures__/strip-hints';
import { openaiChatCodec } from './openai-chat-codec';

/** A real socket: records what the SDK sent and answers with our own formatReply / stream encoder. */
let server: Server;
let baseURL: string;
const captured: Array<{ path: string | undefined; body: unknown }> = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const body = JSON.parse(text) as { stream?: boolean };
      captured.push({ path: request.url, body });
      if (body.stream) {
        const events: StreamEvent[] = [
          { type: 'start', id: 'chatcmpl-s', model: 'm' },
          { type: 'text-delta', text: 'ok' },
          { type: 'finish', reason: 'stop', usage: { inputTokens: 3, outputTokens: 1 } },
        ];
        response.writeHead(200, { 'content-type': openaiChatCodec.streamContentType });
        response.end(encodeAll(events, { request: openaiChatCodec.parseRequest(body) }));
        return;
      }
      const reply = openaiChatCodec.formatReply({ id: 'chatcmpl-x', model: 'm', content: [{ type: 'text', text: 'ok' }], finishReason: 'stop' });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.value));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('requests the official SDKs send, parsed', () => {
  it('openai SDK: tools, an image, a tool call and its result', async () => {
    const client = new OpenAI({ apiKey: 't', baseURL, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'gpt-5.4-nano',
      messages: [
        { role: 'developer', content: 'Answer briefly.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG_BASE64}`, detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/b.jpg' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'locate', arguments: '{"q":"tower"}' } }] },
        { role: 'tool', tool_call_id: 'call_9', content: 'Paris' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'locate',
            description: 'Find a place',
            parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
            strict: true,
          },
        },
      ],
      tool_choice: 'required',
      max_completion_tokens: 200,
      temperature: 0,
    });
    expect(completion.choices[0]!.message.content).toBe('ok');
    const sent = captured.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    const parsed = openaiChatCodec.parseRequest(sent.body);
    expect(stripExtra(parsed)).toEqual({
      model: 'gpt-5.4-nano',
      system: [{ type: 'text', text: 'Answer briefly.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/b.jpg' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'call_9', name: 'locate', arguments: '{"q":"tower"}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_9', name: 'locate', content: [{ type: 'text', text: 'Paris' }] }] },
      ],
      tools: [
        { name: 'locate', description: 'Find a place', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, strict: true },
      ],
      toolChoice: { type: 'required' },
      maxOutputTokens: 200,
      temperature: 0,
      stream: false,
    });
    expect(parsed.system[0]!.extra).toMatchObject({ $role: 'developer' });
    expect(openaiChatCodec.formatRequest(parsed).body).toEqual(sent.body);
  });

  it('AI SDK streamText: a streamed request with usage asked for, and tools', async () => {
    const provider = createOpenAI({ apiKey: 't', baseURL });
    const result = streamText({
      model: provider.chat('gpt-5.4-nano'),
      system: 'Be kind.',
      prompt: 'hello',
      maxOutputTokens: 64,
      tools: {
        lookup: tool({
          description: 'Look up',
          inputSchema: jsonSchema<{ id: string }>({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }),
        }),
      },
    });
    expect(await result.text).toBe('ok');
    expect((await result.usage).inputTokens).toBe(3);
    const sent = captured.at(-1)!;
    const parsed = openaiChatCodec.parseRequest(sent.body);
    expect(parsed).toMatchObject({
      stream: true,
      streamUsage: true,
      maxOutputTokens: 64,
      system: [{ type: 'text', text: 'Be kind.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
      tools: [{ name: 'lookup', description: 'Look up', inputSchema: expect.objectContaining({ type: 'object' }) }],
    });
    expect(openaiChatCodec.formatRequest(parsed).body).toEqual(sent.body);
  });
});
