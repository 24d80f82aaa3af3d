import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, tool } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import type { NeutralRequest } from '../neutral/request';
import { startCaptureServer, type CaptureServer } from './capture-server';
import { openaiResponsesCodec } from './openai-responses-codec';
import { encodeAll } from './sdk-harness';
import { plainJSON, stripExtra } from './strip-extra';

let server: CaptureServer;

beforeAll(async () => {
  server = await startCaptureServer((body) => {
    const request = openaiResponsesCodec.parseRequest(body);
    if (request.stream) {
      return {
        contentType: 'text/event-stream',
        body: encodeAll(
          [
            { type: 'text-delta', text: 'ok' },
            { type: 'finish', reason: 'stop' },
          ],
          { id: 'resp_s', model: request.model, request },
        ),
      };
    }
    const reply = openaiResponsesCodec.formatReply(
      { id: 'resp_1', model: request.model, content: [{ type: 'text', text: 'ok' }], finishReason: 'stop' },
      { request },
    );
    return { contentType: 'application/json', body: JSON.stringify(reply.value) };
  });
});

afterAll(async () => {
  await server.close();
});

const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
const dataURL = `data:image/png;base64,${TINY_PNG_BASE64}`;

function lastRequest(): NeutralRequest {
  return openaiResponsesCodec.parseRequest(server.bodies.at(-1));
}

describe('requests the openai SDK sends, captured on a real socket', () => {
  const params = {
    model: 'gpt-test',
    instructions: 'You are terse.',
    input: [
      {
        role: 'user' as const,
        content: [
          { type: 'input_text' as const, text: 'Where is this?' },
          { type: 'input_image' as const, image_url: dataURL, detail: 'auto' as const },
          { type: 'input_image' as const, image_url: 'https://img.test/a.jpg', detail: 'low' as const },
        ],
      },
      { type: 'function_call' as const, call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output' as const, call_id: 'call_1', output: 'sunny' },
    ],
    tools: [{ type: 'function' as const, name: 'get_weather', description: 'Weather', parameters, strict: true }],
    tool_choice: { type: 'function' as const, name: 'get_weather' },
    text: { format: { type: 'json_schema' as const, name: 'answer', schema: { type: 'object' }, strict: true } },
    max_output_tokens: 256,
    temperature: 0.2,
    top_p: 0.8,
    reasoning: { effort: 'low' as const, summary: 'auto' as const },
    prompt_cache_key: 'session-42',
  };

  it.each([false, true])('responses.create (stream: %s) parses into the expected neutral request', async (stream) => {
    const client = new OpenAI({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });
    if (stream) {
      const events = await client.responses.create({ ...params, stream: true });
      for await (const _event of events) void _event;
    } else {
      const response = await client.responses.create(params);
      expect(response.output_text).toBe('ok');
    }
    const request = lastRequest();
    expect(stripExtra(request)).toStrictEqual({
      origin: 'openai-responses',
      model: 'gpt-test',
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where is this?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
            { type: 'image', source: { kind: 'url', url: 'https://img.test/a.jpg' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', name: 'get_weather', content: [{ type: 'text', text: 'sunny' }] }] },
      ],
      tools: [{ name: 'get_weather', description: 'Weather', inputSchema: parameters, strict: true }],
      toolChoice: { type: 'tool', name: 'get_weather' },
      responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object' }, strict: true },
      reasoning: { effort: 'low', enabled: true },
      maxOutputTokens: 256,
      temperature: 0.2,
      topP: 0.8,
      sessionKey: 'session-42',
      stream,
    });
    expect(request.messages[0]?.content[2]?.extra).toEqual({ detail: 'low' });
    expect(plainJSON(openaiResponsesCodec.formatRequest(request).body)).toStrictEqual(server.bodies.at(-1));
  });

  it('responses.stream() sends stream: true and reads our stream back', async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });
    const response = await client.responses.stream({ model: 'gpt-test', input: 'hello' }).finalResponse();
    expect(response.status).toBe('completed');
    const request = lastRequest();
    expect(request.stream).toBe(true);
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
  });
});

describe('requests the Vercel AI SDK sends (as opencode does), captured on a real socket', () => {
  it('generateText with a system prompt, an image, a tool call and its result', async () => {
    const model = createOpenAI({ apiKey: 'k', baseURL: server.baseURL }).responses('gpt-test');
    const result = await generateText({
      model,
      system: 'Be brief.',
      maxRetries: 0,
      tools: { get_weather: tool({ description: 'Weather', inputSchema: jsonSchema(parameters) }) },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image', image: TINY_PNG_BASE64, mediaType: 'image/png' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_9', toolName: 'get_weather', input: { city: 'Oslo' } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_9', toolName: 'get_weather', output: { type: 'text', value: 'cold' } }] },
      ],
    });
    expect(result.text).toBe('ok');
    const body = server.bodies.at(-1) as Record<string, unknown>;
    const request = lastRequest();
    expect(request.system.map((part) => part.text)).toEqual(['Be brief.']);
    expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(request.messages[0]?.content[1]).toEqual({ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } });
    expect(request.messages[1]?.content[0]).toMatchObject({ type: 'tool-call', id: 'call_9', name: 'get_weather', arguments: '{"city":"Oslo"}' });
    expect(request.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'call_9', content: [{ type: 'text', text: 'cold' }] });
    expect(request.tools?.[0]).toMatchObject({ name: 'get_weather', inputSchema: parameters });
    expect(plainJSON(openaiResponsesCodec.formatRequest(request).body)).toStrictEqual(body);
  });
});
