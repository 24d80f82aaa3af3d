import { describe, expect, it } from 'vitest';
import { canonicalConversation, signedBy } from '../__fixtures__/canonical-conversation';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { geminiCodec } from './gemini-codec';
import { geminiCaptures, readFixture, toolMessagesAsUser, withoutHints } from './gemini-test-helpers';

const parse = (body: unknown) => geminiCodec.parseRequest(body, { model: 'gemini-test' });

function issueOf(body: unknown): string {
  try {
    parse(body);
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('canonical request fixture', () => {
  const body = JSON.parse(readFixture('canonical-request.json')) as Record<string, unknown>;

  it('parses into the canonical conversation', () => {
    const request = geminiCodec.parseRequest(body, { model: 'test-model', stream: false });
    // What Gemini cannot hold as the neutral model has it: tool results are parts of
    // a user turn (no `tool` role). The `$` hints ($response, $schemaKey) are ours.
    const expected = signedBy({ ...toolMessagesAsUser(canonicalConversation), origin: 'gemini' }, 'gemini');
    expect(withoutHints(request)).toEqual(expected);
  });

  it('formats back to the same JSON', () => {
    const request = geminiCodec.parseRequest(body, { model: 'test-model' });
    const out = geminiCodec.formatRequest(request);
    expect(out.body).toEqual(body);
    expect(out.path).toBe('/models/test-model:generateContent');
    expect(out.warnings).toEqual([]);
  });
});

describe('real client captures', () => {
  const captures = geminiCaptures();

  it('finds the Gemini CLI and opencode captures', () => {
    expect(captures.map((c) => c.file).sort()).toEqual([
      'gemini-cli-1.json',
      'gemini-cli-2.json',
      'gemini-cli-3.json',
      'gemini-cli-4.json',
      'gemini-cli-5.json',
      'opencode-7.json',
      'opencode-8.json',
    ]);
  });

  it.each(captures.map((c) => [c.file, c] as const))('%s parses and formats back to identical JSON', (_file, capture) => {
    const request = geminiCodec.parseRequest(capture.body, { model: capture.model, stream: capture.stream });
    expect(request.model).toBe(capture.model);
    expect(request.stream).toBe(capture.stream);
    const out = geminiCodec.formatRequest(request);
    expect(out.body).toEqual(capture.body);
    expect(`/v1beta${out.path}`.replace('?alt=sse', '')).toBe(capture.path);
  });

  it('reads the Gemini CLI classifier call: JSON schema with upper-case types, thinkingLevel', () => {
    const capture = captures.find((c) => c.file === 'gemini-cli-1.json')!;
    const request = geminiCodec.parseRequest(capture.body, { model: capture.model });
    expect(request.responseFormat).toEqual({
      type: 'json-schema',
      schema: {
        type: 'object',
        properties: {
          complexity_reasoning: { type: 'string', description: '<text, 32 chars>' },
          complexity_score: { type: 'integer', description: 'Complexity score from 1-100.' },
        },
        required: ['complexity_reasoning', 'complexity_score'],
      },
    });
    expect(request.reasoning).toEqual({ enabled: true, effort: 'high' });
    expect(request.topK).toBe(64);
    expect(request.system).toHaveLength(1);
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'user']);
  });

  it('reads the Gemini CLI tool turn: call id, thoughtSignature, function response', () => {
    const capture = captures.find((c) => c.file === 'gemini-cli-5.json')!;
    const request = geminiCodec.parseRequest(capture.body, { model: capture.model, stream: true });
    expect(request.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: '', signature: '<text, 32 chars>', signatureFrom: 'gemini' },
        { type: 'tool-call', id: 'read_file_1796018161246_0', name: 'read_file', arguments: '{"file_path":"/tmp/clients/work/hello.txt"}' },
      ],
    });
    expect(withoutHints(request.messages)[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool-result',
          callId: 'read_file_1796018161246_0',
          name: 'read_file',
          content: [{ type: 'text', text: 'hello from fixture\n' }],
        },
      ],
    });
    expect(request.tools?.map((t) => t.name)).toContain('read_file');
  });
});

describe('mapping details', () => {
  it('generates deterministic call ids and pairs id-less responses with their calls by name', () => {
    const request = parse({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b' } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'b', response: { x: 1 } } }, { functionResponse: { name: 'a', response: { error: 'boom' } } }] },
      ],
    });
    const calls = request.messages[1]!.content;
    expect(calls.map((p) => (p.type === 'tool-call' ? [p.id, p.arguments] : null))).toEqual([
      ['call_0', '{}'],
      ['call_1', '{}'],
    ]);
    const results = request.messages[2]!.content;
    expect(withoutHints(results)).toEqual([
      { type: 'tool-result', callId: 'call_1', name: 'b', content: [{ type: 'text', text: '{"x":1}' }] },
      { type: 'tool-result', callId: 'call_0', name: 'a', content: [{ type: 'text', text: 'boom' }], isError: true },
    ]);
    expect(geminiCodec.formatRequest(request).body.contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b' } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'b', response: { x: 1 } } }, { functionResponse: { name: 'a', response: { error: 'boom' } } }] },
    ]);
  });

  it('maps toolConfig modes and keeps what a tool choice cannot say', () => {
    const tools = [{ functionDeclarations: [{ name: 'a' }, { name: 'b' }] }];
    const one = parse({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools,
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a'] } },
    });
    expect(one.toolChoice).toEqual({ type: 'tool', name: 'a' });
    expect(one.extra.toolConfig).toBeUndefined();
    const two = parse({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools,
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } },
    });
    expect(two.toolChoice).toEqual({ type: 'required' });
    expect(two.extra.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } });
    expect(parse({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], toolConfig: { functionCallingConfig: { mode: 'NONE' } } }).toolChoice).toEqual({
      type: 'none',
    });
  });

  it('keeps built-in tools, safetySettings and cachedContent in extra and writes them back', () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'search' }] }],
      tools: [
        { googleSearch: {} },
        { functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING', nullable: true } } } }] },
        { codeExecution: {} },
      ],
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      cachedContent: 'cachedContents/abc',
      generationConfig: {
        candidateCount: 1,
        responseMimeType: 'text/x.enum',
        responseSchema: { type: 'STRING', enum: ['a'] },
        thinkingConfig: { thinkingBudget: 0 },
      },
    };
    const request = parse(body);
    expect(request.extra.tools).toEqual([{ googleSearch: {} }, { codeExecution: {} }]);
    expect(request.extra.safetySettings).toEqual(body.safetySettings);
    expect(request.extra.cachedContent).toBe('cachedContents/abc');
    expect(request.tools?.[0]?.inputSchema).toEqual({ type: 'object', properties: { q: { type: ['string', 'null'] } } });
    expect(request.reasoning).toEqual({ budgetTokens: 0 });
    expect(request.responseFormat).toBeUndefined();
    expect(geminiCodec.formatRequest(request).body).toEqual(body);
  });

  it('reads inline and file images, and keeps unknown part fields', () => {
    const body = {
      contents: [
        {
          parts: [
            { inlineData: { mimeType: 'image/jpeg', data: 'AAAA' }, mediaResolution: { level: 'MEDIA_RESOLUTION_HIGH' } },
            { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/a.png' } },
          ],
        },
      ],
      systemInstruction: { parts: [{ text: 'sys' }] },
    };
    const request = parse(body);
    expect(withoutHints(request.messages)[0]).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { kind: 'base64', mediaType: 'image/jpeg', data: 'AAAA' }, extra: { mediaResolution: { level: 'MEDIA_RESOLUTION_HIGH' } } },
        { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
      ],
    });
    expect(geminiCodec.formatRequest(request).body).toEqual(body);
  });
});

describe('bad input', () => {
  it('names the field of a wrong type', () => {
    expect(issueOf({ contents: [{ role: 'user', parts: [{ text: 42 }] }] })).toMatch(/^contents\[0\]\.parts\[0\]\.text: .*string/);
  });

  it('names a missing required field', () => {
    expect(issueOf({ systemInstruction: { parts: [] } })).toMatch(/^contents: /);
    expect(issueOf({ contents: [{ role: 'model', parts: [{ functionCall: { args: {} } }] }] })).toMatch(/^contents\[0\]\.parts\[0\]\.functionCall\.name: /);
  });

  it('refuses a bad image media type', () => {
    expect(issueOf({ contents: [{ role: 'user', parts: [{ text: 'x' }, { inlineData: { mimeType: 'jpeg', data: 'AAAA' } }] }] })).toBe(
      'contents[0].parts[1].inlineData.mimeType: expected a MIME type such as image/png',
    );
  });

  it('refuses function call args that are not a JSON object', () => {
    expect(issueOf({ contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', args: '{"a":' } }] }] })).toMatch(
      /^contents\[0\]\.parts\[0\]\.functionCall\.args: /,
    );
  });

  it('refuses an unknown role, an empty part, a part with two kinds, and calls in the wrong turn', () => {
    expect(issueOf({ contents: [{ role: 'assistant', parts: [] }] })).toMatch(/^contents\[0\]\.role: /);
    expect(issueOf({ contents: [{ role: 'user', parts: [{}] }] })).toMatch(/^contents\[0\]\.parts\[0\]: a part needs one of/);
    expect(issueOf({ contents: [{ role: 'user', parts: [{ text: 'a', inlineData: { mimeType: 'image/png', data: 'AAAA' } }] }] })).toMatch(
      /^contents\[0\]\.parts\[0\]: a part holds exactly one of/,
    );
    expect(issueOf({ contents: [{ role: 'user', parts: [{ functionCall: { name: 'f' } }] }] })).toBe(
      'contents[0].parts[0].functionCall: functionCall parts belong in a "model" turn',
    );
  });

  it('needs a model, from the URL or the body, and never defaults one', () => {
    const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];
    expect(() => geminiCodec.parseRequest({ contents })).toThrow('model: required');
    expect(geminiCodec.parseRequest({ contents, model: 'models/m' }).model).toBe('m');
  });

  it('refuses a body that is not an object', () => {
    expect(issueOf('hello')).toMatch(/expected object/);
  });
});
