import { describe, expect, it } from 'vitest';
import { canonicalConversation, signedBy, TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { NeutralRequest } from '../neutral/request';
import { geminiCodec } from './gemini-codec';

const base: NeutralRequest = { model: 'm', system: [], messages: [], stream: false, extra: {} };

describe('formatRequest from another protocol', () => {
  const foreign: NeutralRequest = signedBy({ ...canonicalConversation, origin: 'anthropic', stream: true }, 'anthropic');
  const out = geminiCodec.formatRequest(foreign);

  it('writes the canonical conversation as Gemini, with tool schemas Gemini accepts', () => {
    expect(out.path).toBe('/models/test-model:streamGenerateContent?alt=sse');
    expect(out.body).toEqual({
      contents: [
        {
          role: 'user',
          parts: [{ text: 'What is the weather where this photo was taken?' }, { inlineData: { mimeType: 'image/png', data: TINY_PNG_BASE64 } }],
        },
        {
          role: 'model',
          parts: [
            { text: 'The photo shows Paris; I should look up its weather.', thought: true },
            { text: 'Let me check the weather in Paris.' },
            {
              functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
              thoughtSignature: 'skip_thought_signature_validator',
            },
          ],
        },
        { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'get_weather', response: { output: '18 degrees and sunny' } } }] },
        { role: 'user', parts: [{ text: 'Thanks. And tomorrow?' }] },
      ],
      systemInstruction: { parts: [{ text: 'You are a careful weather assistant.' }] },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Current weather for a city',
              parameters: {
                type: 'object',
                properties: {
                  city: { type: 'string', description: 'City name' },
                  unit: { type: 'string', nullable: true, enum: ['celsius', 'fahrenheit'] },
                },
                required: ['city'],
              },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      generationConfig: { maxOutputTokens: 1024, temperature: 0.5, topP: 0.9, stopSequences: ['END'] },
    });
  });

  it('warns about each thing it converted or dropped, with its path', () => {
    expect(out.warnings).toEqual([
      { code: 'dropped', path: 'messages[1].content[0].signature', message: expect.stringContaining('signature') },
      { code: 'converted', path: 'tools[0].inputSchema.properties.unit.type', message: expect.any(String) },
      { code: 'converted', path: 'tools[0].inputSchema.properties.unit.enum', message: expect.any(String) },
      { code: 'dropped', path: 'tools[0].inputSchema.additionalProperties', message: expect.any(String) },
    ]);
  });

  it('warns about foreign extra keys and features Gemini lacks, never about $ hints', () => {
    const request: NeutralRequest = {
      ...base,
      origin: 'openai-chat',
      parallelToolCalls: false,
      extra: { user: 'u1', $contentWasString: true },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', extra: { cache_control: { type: 'ephemeral' } } }] }],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { a: { type: 'string' } } }, strict: true }],
    };
    const result = geminiCodec.formatRequest(request);
    expect(result.warnings.map((w) => `${w.code} ${w.path}`)).toEqual(['dropped tools[0].strict', 'dropped parallelToolCalls']);
    expect(result.body).not.toHaveProperty('user');
  });
});

describe('tool results', () => {
  const call: NeutralRequest['messages'][number] = {
    role: 'assistant',
    content: [
      { type: 'tool-call', id: 'c1', name: 'lookup', arguments: '{"q":"x"}' },
      { type: 'tool-call', id: 'c2', name: 'fetch', arguments: '' },
    ],
  };

  it("accepts tool messages and user-turn results, finds missing names, merges a turn's results", () => {
    const request: NeutralRequest = {
      ...base,
      origin: 'openai-chat',
      messages: [
        call,
        { role: 'tool', content: [{ type: 'tool-result', callId: 'c1', content: [{ type: 'text', text: '{"found":true}' }] }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'c2', content: [{ type: 'text', text: 'nope' }], isError: true }] },
        call,
        {
          role: 'user',
          content: [
            { type: 'tool-result', callId: 'c1', content: [{ type: 'text', text: 'plain' }] },
            { type: 'text', text: 'go on' },
          ],
        },
      ],
    };
    const contents = geminiCodec.formatRequest(request).body.contents as unknown[];
    expect(contents[1]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { id: 'c1', name: 'lookup', response: { found: true } } },
        { functionResponse: { id: 'c2', name: 'fetch', response: { error: 'nope' } } },
      ],
    });
    expect(contents[3]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { id: 'c1', name: 'lookup', response: { output: 'plain' } } }, { text: 'go on' }],
    });
    expect(contents).toHaveLength(4);
  });

  it('refuses a result whose call is unknown, since Gemini needs the name', () => {
    const request: NeutralRequest = {
      ...base,
      messages: [{ role: 'tool', content: [{ type: 'tool-result', callId: 'zz', content: [] }] }],
    };
    expect(() => geminiCodec.formatRequest(request)).toThrow('messages[0].content[0].callId: no earlier tool call with id "zz"');
  });

  it('refuses tool-call arguments that are not JSON, naming the path', () => {
    const request: NeutralRequest = {
      ...base,
      messages: [{ role: 'assistant', content: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{"a":' }] }],
    };
    try {
      geminiCodec.formatRequest(request);
      expect.unreachable();
    } catch (error) {
      expect(InvalidRequestError.isInstance(error)).toBe(true);
      expect((error as InvalidRequestError).param).toBe('messages[0].content[0].arguments');
    }
  });
});

describe('other neutral features', () => {
  it('writes data: URLs inline, other URLs as fileData with a media type', () => {
    const request: NeutralRequest = {
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { kind: 'url', url: 'data:image/webp;base64,UklG' } },
            { type: 'image', source: { kind: 'url', url: 'https://x.test/cat.JPG?s=1' } },
            { type: 'image', source: { kind: 'url', url: 'https://x.test/cat' } },
          ],
        },
      ],
    };
    const out = geminiCodec.formatRequest(request);
    expect((out.body.contents as Array<{ parts: unknown }>)[0]?.parts).toEqual([
      { inlineData: { mimeType: 'image/webp', data: 'UklG' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.test/cat.JPG?s=1' } },
      { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.test/cat' } },
    ]);
    expect(out.warnings).toEqual([{ code: 'converted', path: 'messages[0].content[2]', message: expect.stringContaining('image/jpeg assumed') }]);
  });

  it('writes tool choice, JSON schema output and reasoning effort', () => {
    const out = geminiCodec.formatRequest({
      ...base,
      toolChoice: { type: 'tool', name: 'f' },
      responseFormat: {
        type: 'json-schema',
        name: 'answer',
        schema: { type: 'object', properties: { a: { type: 'integer', format: 'int32', default: 1 } }, additionalProperties: false },
      },
      reasoning: { effort: 'xhigh', budgetTokens: 500, enabled: true },
      seed: 7,
      topK: 3,
    });
    expect(out.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } });
    expect(out.body.generationConfig).toEqual({
      seed: 7,
      topK: 3,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'integer', format: 'int32' } } },
      thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' },
    });
    expect(out.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      'dropped responseFormat.schema.properties.a.default',
      'dropped responseFormat.schema.additionalProperties',
      'dropped responseFormat.name',
      'clamped reasoning.effort',
      'dropped reasoning.budgetTokens',
    ]);
  });

  it('leaves out a foreign message that ends up empty, with a warning', () => {
    const out = geminiCodec.formatRequest({
      ...base,
      origin: 'anthropic',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: [{ type: 'reasoning', text: '', redacted: true }] },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
      ],
    });
    expect(out.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'user', parts: [{ text: 'again' }] },
    ]);
    expect(out.warnings.map((w) => `${w.code} ${w.path}`)).toEqual(['dropped messages[1].content[0]', 'dropped messages[1]']);
  });

  it('omits parameters for a tool that takes nothing', () => {
    const out = geminiCodec.formatRequest({ ...base, tools: [{ name: 'now', inputSchema: { type: 'object', properties: {} } }] });
    expect(out.body.tools).toEqual([{ functionDeclarations: [{ name: 'now' }] }]);
  });
});
