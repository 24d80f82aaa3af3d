import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalConversation, TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { NeutralRequest } from '../neutral/request';
import { ollamaCodec } from './ollama-codec';

const canonicalWire = JSON.parse(readFileSync(new URL('./__fixtures__/canonical-request.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function issuesOf(body: unknown, endpoint?: 'chat' | 'generate'): Array<{ path: string; message: string }> {
  try {
    ollamaCodec.parseRequest(body, endpoint ? { endpoint } : undefined);
  } catch (error) {
    expect(InvalidRequestError.isInstance(error)).toBe(true);
    return (error as InvalidRequestError).issues;
  }
  throw new Error('expected an InvalidRequestError');
}

describe('parseRequest: the canonical conversation', () => {
  it('parses into the canonical neutral conversation, less what Ollama cannot hold', () => {
    const parsed = ollamaCodec.parseRequest(canonicalWire);
    // Ollama cannot hold: the reasoning signature, and tool_choice (Ollama has none; "auto" is implied).
    const expected: NeutralRequest = structuredClone(canonicalConversation);
    delete expected.toolChoice;
    const assistant = expected.messages[1];
    if (assistant?.role !== 'assistant') throw new Error('fixture changed');
    for (const part of assistant.content) if (part.type === 'reasoning') delete part.signature;
    // The parse adds only the origin; there are no extra or hint keys in this fixture.
    expect(parsed).toEqual({ ...expected, origin: 'ollama' });
  });

  it('formats back to the same JSON', () => {
    const formatted = ollamaCodec.formatRequest(ollamaCodec.parseRequest(canonicalWire));
    expect(formatted.path).toBe('/api/chat');
    expect(formatted.body).toEqual(canonicalWire);
    expect(formatted.warnings).toEqual([]);
  });
});

describe('parseRequest: /api/chat', () => {
  it('defaults stream to true when absent, and remembers that it was absent', () => {
    const parsed = ollamaCodec.parseRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(parsed.stream).toBe(true);
    expect(parsed.extra).toEqual({ $streamAbsent: true });
    expect(ollamaCodec.formatRequest(parsed).body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('takes a body without messages (a model preload) and writes it back without them', () => {
    const parsed = ollamaCodec.parseRequest({ model: 'm', keep_alive: 0 });
    expect(parsed.messages).toEqual([]);
    expect(ollamaCodec.formatRequest(parsed).body).toEqual({ model: 'm', keep_alive: 0 });
  });

  it('maps options, keeps the unmapped ones, and maps format and think', () => {
    const parsed = ollamaCodec.parseRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      format: { type: 'object', properties: { a: { type: 'string' } } },
      think: 'high',
      keep_alive: '5m',
      options: { temperature: 0.2, top_p: 0.8, top_k: 40, num_predict: 99, stop: ['x'], seed: 7, num_ctx: 8192, mirostat: 0 },
    });
    expect(parsed).toMatchObject({
      temperature: 0.2,
      topP: 0.8,
      topK: 40,
      maxOutputTokens: 99,
      stop: ['x'],
      seed: 7,
      reasoning: { enabled: true, effort: 'high' },
      responseFormat: { type: 'json-schema', schema: { type: 'object', properties: { a: { type: 'string' } } } },
      extra: { keep_alive: '5m', options: { num_ctx: 8192, mirostat: 0 } },
    });
    expect(ollamaCodec.parseRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], format: 'json', think: false })).toMatchObject({
      responseFormat: { type: 'json' },
      reasoning: { enabled: false },
    });
  });

  it('puts leading system messages in system, and keeps where a later one sat', () => {
    const body = {
      model: 'm',
      stream: false,
      messages: [
        { role: 'system', content: 'first' },
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'later' },
        { role: 'user', content: 'again' },
      ],
    };
    const parsed = ollamaCodec.parseRequest(body);
    expect(parsed.system).toEqual([
      { type: 'text', text: 'first' },
      { type: 'text', text: 'later', extra: { $at: 2 } },
    ]);
    expect(parsed.messages.map((message) => message.role)).toEqual(['user', 'user']);
    expect(ollamaCodec.formatRequest(parsed).body).toEqual(body);
  });

  it('gives tool calls without ids call_<n>, and matches tool results to them by tool_name', () => {
    const parsed = ollamaCodec.parseRequest({
      model: 'm',
      messages: [
        { role: 'user', content: 'weather and time?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }, { function: { name: 'get_time', arguments: {} } }],
        },
        { role: 'tool', content: '12:00', tool_name: 'get_time' },
        { role: 'tool', content: 'sunny', tool_name: 'get_weather' },
      ],
    });
    expect(parsed.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', extra: { $generatedId: true } },
        { type: 'tool-call', id: 'call_2', name: 'get_time', arguments: '{}', extra: { $generatedId: true } },
      ],
    });
    expect(parsed.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'call_2', name: 'get_time' });
    expect(parsed.messages[3]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'call_1', name: 'get_weather' });
  });

  it('sniffs image media types from their bytes, and falls back to PNG with a hint', () => {
    const jpeg = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U';
    const gif = 'R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=';
    const webp = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
    const unknown = 'AAAAAAAA';
    const parsed = ollamaCodec.parseRequest({ model: 'm', messages: [{ role: 'user', content: '', images: [TINY_PNG_BASE64, jpeg, gif, webp, unknown] }] });
    const parts = parsed.messages[0]?.content ?? [];
    expect(parts.map((part) => (part.type === 'image' && part.source.kind === 'base64' ? part.source.mediaType : part.type))).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/png',
    ]);
    expect(parts[4]?.extra).toEqual({ $mediaTypeGuessed: true });
    expect(parts[0]?.extra).toBeUndefined();
  });

  it('keeps unknown message, tool-call and tool fields in extra and writes them back', () => {
    const body = {
      model: 'm',
      stream: true,
      logprobs: true,
      messages: [
        { role: 'user', content: 'x', custom: 1 },
        { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { index: 0, name: 'f', arguments: { n: [1, { b: null }] } } }] },
        { role: 'tool', content: 'y', tool_call_id: 'a' },
      ],
      tools: [{ type: 'function', weight: 2, function: { name: 'f', strictish: true } }],
    };
    const parsed = ollamaCodec.parseRequest(body);
    expect(parsed.messages[0]?.extra).toEqual({ custom: 1 });
    expect(parsed.messages[1]?.extra).toEqual({ $noContent: true });
    expect(parsed.messages[2]?.content[0]).toMatchObject({ callId: 'a', name: 'f', extra: { $noToolName: true } });
    expect(parsed.tools?.[0]).toEqual({ name: 'f', inputSchema: {}, extra: { weight: 2, $function: { strictish: true }, $noParameters: true } });
    expect(ollamaCodec.formatRequest(parsed).body).toEqual(body);
  });
});

describe('parseRequest: /api/generate', () => {
  it('reads num_predict -1 or -2 (no limit) as no output budget, and gives it back to an Ollama request', () => {
    for (const numPredict of [-1, -2]) {
      const parsed = ollamaCodec.parseRequest({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        options: { num_predict: numPredict, temperature: 0.5 },
      });
      expect(parsed.maxOutputTokens).toBeUndefined();
      expect(parsed.temperature).toBe(0.5);
      expect(ollamaCodec.formatRequest(parsed).body).toMatchObject({ options: { num_predict: numPredict, temperature: 0.5 } });
    }
    expect(ollamaCodec.parseRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], options: { num_predict: 64 } }).maxOutputTokens).toBe(64);
  });

  it('makes one user message and a system part, and keeps generate-only fields', () => {
    const body = {
      model: 'm',
      prompt: 'Why is the sky blue?',
      system: 'Be brief.',
      images: [TINY_PNG_BASE64],
      suffix: 'end',
      raw: false,
      template: '{{ .Prompt }}',
      context: [1, 2, 3],
      options: { num_predict: 10 },
    };
    const parsed = ollamaCodec.parseRequest(body, { endpoint: 'generate' });
    expect(parsed).toEqual({
      origin: 'ollama',
      model: 'm',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Why is the sky blue?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
          ],
        },
      ],
      maxOutputTokens: 10,
      stream: true,
      extra: { suffix: 'end', raw: false, template: '{{ .Prompt }}', context: [1, 2, 3], $streamAbsent: true, $endpoint: 'generate' },
    });
  });

  it('formats to /api/chat, warning about the generate-only fields', () => {
    const parsed = ollamaCodec.parseRequest({ model: 'm', prompt: 'hi', system: 's', raw: true, stream: false, keep_alive: 0 }, { endpoint: 'generate' });
    const formatted = ollamaCodec.formatRequest(parsed);
    expect(formatted.path).toBe('/api/chat');
    expect(formatted.body).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'hi' },
      ],
      stream: false,
      keep_alive: 0,
    });
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'raw' })]);
  });
});

describe('parseRequest: bad input names the field and the reason', () => {
  it.each([
    ['a missing model', { messages: [] }, 'model', /expected string/],
    ['messages not an array', { model: 'm', messages: 'hi' }, 'messages', /expected array/],
    ['a wrong role', { model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role', /"system"\|"user"\|"assistant"\|"tool"/],
    ['content not a string', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 'messages[0].content', /expected string/],
    [
      'an image that is not base64',
      { model: 'm', messages: [{ role: 'user', content: 'x', images: ['data:image/png;base64,AAAA'] }] },
      'messages[0].images[0]',
      /base64/,
    ],
    ['an image that is not a string', { model: 'm', messages: [{ role: 'user', content: 'x', images: [42] }] }, 'messages[0].images[0]', /base64|string/],
    [
      'tool-call arguments as JSON text instead of an object',
      { model: 'm', messages: [{ role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: '{"a":1}' } }] }] },
      'messages[0].tool_calls[0].function.arguments',
      /expected record/,
    ],
    ['a tool without a name', { model: 'm', messages: [], tools: [{ type: 'function', function: {} }] }, 'tools[0].function.name', /expected string/],
    ['a bad format', { model: 'm', messages: [], format: 'yaml' }, 'format', /"json" or a JSON Schema/],
    ['a bad think', { model: 'm', messages: [], think: 'max' }, 'think', /boolean or one of/],
    ['a fractional num_predict', { model: 'm', messages: [], options: { num_predict: 1.5 } }, 'options.num_predict', /expected int/],
    ['a stop that is a string', { model: 'm', messages: [], options: { stop: 'x' } }, 'options.stop', /expected array/],
  ])('%s', (_name, body, path, message) => {
    const issues = issuesOf(body);
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toMatch(message);
  });

  it('a generate body without a model, or with a non-string prompt', () => {
    expect(issuesOf({ prompt: 'x' }, 'generate')[0]?.path).toBe('model');
    expect(issuesOf({ model: 'm', prompt: 3 }, 'generate')[0]).toMatchObject({ path: 'prompt', message: expect.stringMatching(/expected string/) });
  });

  it('a body that is not an object', () => {
    expect(issuesOf(null)[0]?.message).toMatch(/expected object/);
  });
});
