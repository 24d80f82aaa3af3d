import { ApiError, FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import type { NeutralReply } from '../neutral/reply';
import type { StreamEvent } from '../neutral/stream-event';
import { geminiCodec } from './gemini-codec';
import { withoutHints } from './gemini-test-helpers';
import { startTestServer, type TestServer } from './gemini-test-server';

/** The official @google/genai SDK is the judge: of the requests it sends and of the replies and streams we write. */

let server: TestServer;
let ai: GoogleGenAI;

beforeAll(async () => {
  server = await startTestServer();
  ai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: server.baseUrl } });
});
afterAll(() => server.close());

const reply: NeutralReply = {
  id: 'resp-1',
  model: 'bench/core',
  content: [
    { type: 'reasoning', text: 'Thinking about Paris.', signature: 'sig-1', signatureFrom: 'gemini' },
    { type: 'text', text: 'Checking the weather.' },
    { type: 'reasoning', text: '', signature: 'sig-2', signatureFrom: 'gemini' },
    { type: 'tool-call', id: 'call_9', name: 'get_weather', arguments: '{"city":"Paris"}' },
  ],
  finishReason: 'tool-calls',
  usage: { inputTokens: 100, outputTokens: 40, reasoningTokens: 25, cachedInputTokens: 60 },
  extra: { bench: { collection: 'core', reply: 'route' } },
};

const events: StreamEvent[] = [
  { type: 'start', id: 'resp-2', model: 'bench/core' },
  { type: 'reasoning-delta', text: 'Let me ' },
  { type: 'reasoning-delta', text: 'think.', signature: 'sig-a' },
  { type: 'text-delta', text: 'Hello' },
  { type: 'text-delta', text: ', world' },
  { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '"Paris"}' },
  { type: 'tool-call-end', id: 'call_1' },
  { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 7, reasoningTokens: 3 }, extra: { bench: { call: 'k9' } } },
];

function sse(list: StreamEvent[]): string {
  const encoder = geminiCodec.createStreamEncoder();
  return list.map((e) => encoder.encode(e)).join('') + encoder.end();
}

describe('@google/genai sends, we parse', () => {
  it('captures tools, an inline image, a function call and its response, and parses them', async () => {
    server.answer(() => ({ contentType: 'application/json', body: JSON.stringify(geminiCodec.formatReply(reply).value) }));
    await ai.models.generateContent({
      model: 'bench-core',
      contents: [
        { role: 'user', parts: [{ text: 'Weather here?' }, { inlineData: { mimeType: 'image/png', data: TINY_PNG_BASE64 } }] },
        { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-x' }] },
        { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'get_weather', response: { output: 'sunny' } } }] },
      ],
      config: {
        systemInstruction: 'Be brief.',
        temperature: 0.2,
        maxOutputTokens: 256,
        stopSequences: ['STOP!'],
        thinkingConfig: { includeThoughts: true, thinkingBudget: 128 },
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather for a city',
                parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING, nullable: true } }, required: ['city'] },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['get_weather'] } },
      },
    });
    const sent = server.requests.at(-1)!;
    expect(sent.url).toBe('/v1beta/models/bench-core:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('test-key');
    const request = geminiCodec.parseRequest(sent.body, { model: 'bench-core', stream: false });
    expect(withoutHints(request)).toEqual({
      origin: 'gemini',
      model: 'bench-core',
      stream: false,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '', signature: 'sig-x', signatureFrom: 'gemini' },
            { type: 'tool-call', id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          ],
        },
        { role: 'user', content: [{ type: 'tool-result', callId: 'c1', name: 'get_weather', content: [{ type: 'text', text: 'sunny' }] }] },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather for a city',
          inputSchema: { type: 'object', properties: { city: { type: ['string', 'null'] } }, required: ['city'] },
        },
      ],
      toolChoice: { type: 'tool', name: 'get_weather' },
      temperature: 0.2,
      maxOutputTokens: 256,
      stop: ['STOP!'],
      reasoning: { enabled: true, budgetTokens: 128 },
      extra: {},
    });
    // and the same protocol writes exactly what the SDK sent
    expect(geminiCodec.formatRequest(request).body).toEqual(sent.body);
  });

  it('captures a streamed call with JSON output config', async () => {
    server.answer(() => ({ contentType: 'text/event-stream', body: sse(events) }));
    const stream = await ai.models.generateContentStream({
      model: 'bench-core',
      contents: 'List colors',
      config: { responseMimeType: 'application/json', responseJsonSchema: { type: 'array', items: { type: 'string' } } },
    });
    for await (const _chunk of stream) {
      // drain
    }
    const sent = server.requests.at(-1)!;
    expect(sent.url).toBe('/v1beta/models/bench-core:streamGenerateContent?alt=sse');
    const request = geminiCodec.parseRequest(sent.body, { model: 'bench-core', stream: true });
    expect(request.stream).toBe(true);
    expect(request.responseFormat).toEqual({ type: 'json-schema', schema: { type: 'array', items: { type: 'string' } } });
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'List colors' }] }]);
  });
});

describe('@google/genai reads what we write', () => {
  it('a whole reply: text, thoughts, function calls with args, usage, finishReason, bench', async () => {
    server.answer(() => ({ contentType: 'application/json', body: JSON.stringify(geminiCodec.formatReply(reply).value) }));
    const response = await ai.models.generateContent({ model: 'bench-core', contents: 'hi' });
    expect(response.text).toBe('Checking the weather.');
    expect(response.functionCalls).toEqual([{ id: 'call_9', name: 'get_weather', args: { city: 'Paris' } }]);
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    expect(parts.filter((p) => p.thought).map((p) => [p.text, p.thoughtSignature])).toEqual([['Thinking about Paris.', 'sig-1']]);
    expect(parts.find((p) => p.functionCall)?.thoughtSignature).toBe('sig-2');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata).toEqual({
      promptTokenCount: 100,
      candidatesTokenCount: 15,
      thoughtsTokenCount: 25,
      cachedContentTokenCount: 60,
      totalTokenCount: 140,
    });
    expect(response.modelVersion).toBe('bench/core');
    expect(response.responseId).toBe('resp-1');
    // our own parser reads it back to the same reply
    expect(geminiCodec.parseReply(JSON.parse(JSON.stringify(geminiCodec.formatReply(reply).value)))).toEqual({
      ...reply,
      rawFinishReason: 'STOP',
    });
  });

  it('a stream: text, thoughts, a whole function call, usage and finishReason on the last chunk', async () => {
    server.answer(() => ({ contentType: 'text/event-stream', body: sse(events) }));
    const stream = await ai.models.generateContentStream({ model: 'bench-core', contents: 'hi' });
    let text = '';
    let thoughts = '';
    const calls: unknown[] = [];
    let last: Awaited<ReturnType<typeof stream.next>>['value'] | undefined;
    for await (const chunk of stream) {
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (part.thought) thoughts += part.text ?? '';
        else if (part.text) text += part.text;
      }
      calls.push(...(chunk.functionCalls ?? []));
      last = chunk;
    }
    expect(text).toBe('Hello, world');
    expect(thoughts).toBe('Let me think.');
    expect(calls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }]);
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 4, thoughtsTokenCount: 3, totalTokenCount: 17 });
    expect(last?.modelVersion).toBe('bench/core');
  });

  it('an in-stream error makes the SDK throw', async () => {
    server.answer(() => ({
      contentType: 'text/event-stream',
      body: sse([
        { type: 'text-delta', text: 'part' },
        { type: 'error', error: { kind: 'upstream', message: 'every seat failed' } },
      ]),
    }));
    const stream = await ai.models.generateContentStream({ model: 'bench-core', contents: 'hi' });
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of stream) seen.push(chunk.text ?? '');
    };
    const error = await consume().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toContain('every seat failed');
    expect(seen).toEqual(['part']);
  });

  it('a cut stream (end without finish) makes the SDK throw too', async () => {
    const encoder = geminiCodec.createStreamEncoder({ model: 'm' });
    const body = encoder.encode({ type: 'text-delta', text: 'half' }) + encoder.end();
    server.answer(() => ({ contentType: 'text/event-stream', body }));
    const stream = await ai.models.generateContentStream({ model: 'bench-core', contents: 'hi' });
    const consume = async () => {
      for await (const _chunk of stream) {
        // drain
      }
    };
    await expect(consume()).rejects.toBeInstanceOf(ApiError);
  });

  it('an error body with its status', async () => {
    const { status, body } = geminiCodec.formatError({ kind: 'rate-limit', message: 'every member is rate limited' });
    server.answer(() => ({ status, contentType: 'application/json', body: JSON.stringify(body) }));
    const error = await ai.models.generateContent({ model: 'bench-core', contents: 'hi' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toContain('RESOURCE_EXHAUSTED');
  });
});
