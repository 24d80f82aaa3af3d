import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { openaiChatCodec } from './openai-chat-codec';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function fails(body: unknown): InvalidRequestError {
  try {
    openaiChatCodec.parseRequest(body);
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidRequestError');
}

describe('parseRequest', () => {
  it('maps every field bench knows and keeps the rest in extra', () => {
    const parsed = openaiChatCodec.parseRequest({
      model: 'gpt-x',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } },
          ],
        },
      ],
      tools: [{ type: 'function', function: { name: 'f', description: 'does f', parameters: { type: 'object' }, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'out', schema: { type: 'object' }, strict: true, description: 'd' } },
      max_completion_tokens: 300,
      temperature: 0.2,
      top_p: 0.5,
      stop: 'STOP',
      seed: 7,
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: 'low',
      prompt_cache_key: 'conv-1',
      n: 1,
      user: 'u-1',
      metadata: { a: 'b' },
      logprobs: null,
    });
    expect(parsed).toMatchObject({
      origin: 'openai-chat',
      model: 'gpt-x',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, extra: { image_url: { detail: 'high' } } },
          ],
        },
      ],
      tools: [{ name: 'f', description: 'does f', inputSchema: { type: 'object' }, strict: true }],
      toolChoice: { type: 'tool', name: 'f' },
      parallelToolCalls: false,
      responseFormat: { type: 'json-schema', name: 'out', schema: { type: 'object' }, strict: true, description: 'd' },
      maxOutputTokens: 300,
      temperature: 0.2,
      topP: 0.5,
      stop: ['STOP'],
      seed: 7,
      stream: true,
      streamUsage: true,
      reasoning: { effort: 'low' },
      sessionKey: 'conv-1',
      extra: { n: 1, user: 'u-1', metadata: { a: 'b' }, logprobs: null },
    });
  });

  it('keeps mapped fields sent as null in extra (they mean "default") and writes them back', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi', name: null }], temperature: null, max_tokens: null, tools: null, stop: null };
    const parsed = openaiChatCodec.parseRequest(body);
    expect(parsed.temperature).toBeUndefined();
    expect(parsed.maxOutputTokens).toBeUndefined();
    expect(parsed.tools).toBeUndefined();
    expect(parsed.extra).toMatchObject({ temperature: null, max_tokens: null, tools: null, stop: null });
    expect(openaiChatCodec.formatRequest(parsed).body).toEqual(body);
  });

  it('keeps an unknown field named __proto__ as a field', () => {
    const body = JSON.parse('{"model":"m","messages":[{"role":"user","content":"hi","__proto__":{"x":1}}],"__proto__":{"y":2}}') as Record<string, unknown>;
    const formatted = openaiChatCodec.formatRequest(openaiChatCodec.parseRequest(body)).body;
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(formatted)).toEqual(keys(body));
    expect(Object.getOwnPropertyDescriptor(formatted, '__proto__')?.value).toEqual({ y: 2 });
    const message = (formatted.messages as object[])[0]!;
    expect(Object.getOwnPropertyDescriptor(message, '__proto__')?.value).toEqual({ x: 1 });
  });

  it('reads a data: URL as a base64 image', () => {
    const parsed = openaiChatCodec.parseRequest({
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] }],
    });
    expect(parsed.messages[0]!.content[0]).toEqual({ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: PNG } });
  });

  it('reads assistant tool calls and reasoning_content, and tool messages with the called tool name', () => {
    const parsed = openaiChatCodec.parseRequest({
      model: 'm',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'thinking',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{"p":1}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'done' }] },
      ],
    });
    expect(parsed.messages.slice(1)).toMatchObject([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'tool-call', id: 'c1', name: 'read', arguments: '{"p":1}' },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', callId: 'c1', name: 'read', content: [{ type: 'text', text: 'done' }] }] },
    ]);
  });

  it('gives a tool call without an id a deterministic one, and writes it back without', () => {
    const body = {
      model: 'm',
      messages: [{ role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'a', arguments: '{}' } }] }],
    };
    const parsed = openaiChatCodec.parseRequest(body);
    expect(parsed.messages[0]!.content[0]).toMatchObject({ type: 'tool-call', id: 'call_0' });
    expect(openaiChatCodec.formatRequest(parsed).body).toEqual(body);
  });

  it('keeps input_audio and file parts verbatim under a key other protocols warn about', () => {
    const audio = { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } };
    const parsed = openaiChatCodec.parseRequest({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, audio] }] });
    expect(parsed.messages[0]!.extra).toEqual({ openai_content_parts: [{ index: 1, part: audio }] });
  });

  it('accepts every OpenAI Chat request opencode sent, and formats each back to identical JSON', () => {
    const dir = new URL('../__fixtures__/clients', import.meta.url).pathname;
    const captures = readdirSync(dir)
      .filter((name) => name.startsWith('opencode-'))
      .map((name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as { path: string; body: Record<string, unknown> })
      .filter((capture) => capture.path === '/v1/chat/completions');
    expect(captures.length).toBeGreaterThanOrEqual(5);
    for (const capture of captures) {
      // The captures replace long strings with `<text, N chars>`, tool-call arguments too: put JSON text of that size back.
      const body = JSON.parse(
        JSON.stringify(capture.body).replace(
          /"arguments":"<text, (\d+) chars>"/g,
          (_, n: string) => `"arguments":${JSON.stringify(JSON.stringify({ filePath: 'x'.repeat(Math.max(0, Number(n) - 15)) }))}`,
        ),
      ) as Record<string, unknown>;
      const parsed = openaiChatCodec.parseRequest(body);
      expect(parsed.stream).toBe(true);
      expect(parsed.streamUsage).toBe(true);
      const formatted = openaiChatCodec.formatRequest(parsed);
      expect(formatted.body).toEqual(body);
      expect(formatted.warnings).toEqual([]);
    }
  });
});

describe('parseRequest refuses a malformed body, naming the field', () => {
  const base = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };

  it.each([
    ['a body that is not an object', 'nope', ''],
    ['a missing model', { messages: [] }, 'model'],
    ['messages that are not an array', { model: 'm', messages: 'hi' }, 'messages'],
    ['a wrong role', { model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    ['user content of the wrong type', { model: 'm', messages: [{ role: 'user', content: 42 }] }, 'messages[0].content'],
    ['a tool message without tool_call_id', { model: 'm', messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id'],
    ['a temperature that is a string', { ...base, temperature: 'hot' }, 'temperature'],
    ['an unknown tool_choice', { ...base, tool_choice: 'sometimes' }, 'tool_choice'],
    ['an unknown reasoning_effort', { ...base, reasoning_effort: 'extreme' }, 'reasoning_effort'],
    ['a tool without a name', { ...base, tools: [{ type: 'function', function: { parameters: {} } }] }, 'tools[0].function.name'],
  ])('%s', (_, body, path) => {
    const error = fails(body);
    expect(error.issues[0]!.path).toBe(path);
    expect(error.message.length).toBeGreaterThan(path.length + 2);
  });

  it('says what would have fitted when every shape of a union failed', () => {
    expect(fails({ model: 'm', messages: [{ role: 'user', content: 42 }] }).message).toBe('messages[0].content: expected string or array');
    expect(fails({ ...base, tool_choice: 'sometimes' }).message).toMatch(/^tool_choice: expected one of "auto", "none", "required"/);
  });

  it('names the deepest field of a content part at fault', () => {
    const error = fails({ model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] });
    expect(error.param).toBe('messages[0].content[0].image_url.url');
  });

  it('a data URL of a media type that is not an image OpenAI takes', () => {
    const error = fails({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'x' },
            { type: 'image_url', image_url: { url: 'data:image/tiff;base64,AAAA' } },
          ],
        },
      ],
    });
    expect(error.param).toBe('messages[0].content[1].image_url.url');
    expect(error.message).toMatch(/image\/jpeg, image\/png, image\/gif, image\/webp; got "image\/tiff"/);
  });

  it('tool-call arguments that are not JSON text', () => {
    const error = fails({
      model: 'm',
      messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{city: Paris' } }] }],
    });
    expect(error.param).toBe('messages[0].tool_calls[0].function.arguments');
    expect(error.message).toMatch(/JSON/);
  });
});
