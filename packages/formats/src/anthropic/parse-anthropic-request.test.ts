import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { anthropicCodec } from './anthropic-codec';
import { parseCountTokensRequest } from './parse-anthropic-request';

const base = { model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };

function issuesOf(body: unknown): Array<{ path: string; message: string }> {
  try {
    anthropicCodec.parseRequest(body);
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected an InvalidRequestError');
}

describe('parseRequest', () => {
  it('maps every field Anthropic and neutral share', () => {
    const request = anthropicCodec.parseRequest({
      ...base,
      system: 'Be brief.',
      temperature: 0.2,
      top_p: 0.8,
      top_k: 40,
      stop_sequences: ['STOP'],
      stream: true,
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      tools: [{ name: 'f', description: 'does f', input_schema: { type: 'object' }, strict: true, cache_control: { type: 'ephemeral' } }],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      output_config: { effort: 'medium', format: { type: 'json_schema', schema: { type: 'object' } } },
      metadata: { user_id: '{"device":"x"}' },
    });
    expect(request).toEqual({
      origin: 'anthropic',
      model: 'claude-sonnet-4-5',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }], extra: { $contentString: true } }],
      tools: [{ name: 'f', description: 'does f', inputSchema: { type: 'object' }, strict: true, extra: { cache_control: { type: 'ephemeral' } } }],
      toolChoice: { type: 'required' },
      parallelToolCalls: false,
      reasoning: { enabled: true, budgetTokens: 2048, effort: 'medium' },
      responseFormat: { type: 'json-schema', schema: { type: 'object' } },
      maxOutputTokens: 100,
      temperature: 0.2,
      topP: 0.8,
      topK: 40,
      stop: ['STOP'],
      stream: true,
      extra: { $system: 'string', metadata: { user_id: '{"device":"x"}' } },
    });
  });

  it('reads images (base64 and URL), tool calls, tool results with is_error, thinking and redacted thinking', () => {
    const request = anthropicCodec.parseRequest({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'AAAA' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'redacted_thinking', data: 'opaque' },
            { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: [1, 2] } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'boom', is_error: true }] },
      ],
    });
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { kind: 'base64', mediaType: 'image/webp', data: 'AAAA' } },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm', signature: 'sig', signatureFrom: 'anthropic' },
          { type: 'reasoning', text: '', signature: 'opaque', signatureFrom: 'anthropic', redacted: true },
          { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{"a":[1,2]}' },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'boom' }], isError: true, extra: { $contentString: true } }],
      },
    ]);
  });

  it('keeps documents, server tools and unknown fields in extra, in place', () => {
    const body = {
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'read' },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
          ],
        },
      ],
      tools: [
        { type: 'web_search_20250305', name: 'web_search', max_uses: 2 },
        { name: 'f', input_schema: { type: 'object' } },
      ],
      context_management: { edits: [] },
      service_tier: 'auto',
    };
    const request = anthropicCodec.parseRequest(body);
    expect(request.messages[0]?.extra).toEqual({ other_blocks: [{ at: 1, item: body.messages[0]?.content[1] }] });
    expect(request.tools).toEqual([{ name: 'f', inputSchema: { type: 'object' } }]);
    expect(request.extra).toMatchObject({ server_tools: [{ at: 0, item: body.tools[0] }], context_management: { edits: [] }, service_tier: 'auto' });
    expect(anthropicCodec.formatRequest(request).body).toEqual(body);
  });

  it('reads adaptive and disabled thinking, and keeps what it cannot map', () => {
    expect(anthropicCodec.parseRequest({ ...base, thinking: { type: 'adaptive' } }).reasoning).toEqual({ enabled: true });
    expect(anthropicCodec.parseRequest({ ...base, thinking: { type: 'disabled' } }).reasoning).toEqual({ enabled: false });
    const between = anthropicCodec.parseRequest({ ...base, thinking: { type: 'between_tools' }, output_config: { effort: 'max' } });
    expect(between.reasoning).toBeUndefined();
    expect(between.extra).toMatchObject({ thinking: { type: 'between_tools' }, output_config: { effort: 'max' } });
  });

  it('accepts a count_tokens body (no max_tokens, no stream) through parseCountTokensRequest only', () => {
    const body = { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'count me' }] };
    const request = parseCountTokensRequest(body);
    expect(request.maxOutputTokens).toBeUndefined();
    expect(request.stream).toBe(false);
    expect(issuesOf(body)).toEqual([{ path: 'max_tokens', message: expect.stringContaining('expected number') }]);
  });
});

describe('parseRequest refuses malformed bodies, naming the field', () => {
  it('a bad image media type', () => {
    const issues = issuesOf({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'x' },
            { type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'AA' } },
          ],
        },
      ],
    });
    expect(issues).toEqual([{ path: 'messages[0].content[1].source.media_type', message: 'expected one of image/jpeg, image/png, image/gif, image/webp' }]);
  });

  it('missing required fields and wrong types', () => {
    expect(issuesOf({ ...base, model: undefined }).map((i) => i.path)).toEqual(['model']);
    expect(issuesOf({ ...base, messages: 'hi' }).map((i) => i.path)).toEqual(['messages']);
    expect(issuesOf({ ...base, temperature: 'hot' }).map((i) => i.path)).toEqual(['temperature']);
    expect(issuesOf({ ...base, messages: [{ role: 'robot', content: 'x' }] })).toEqual([
      { path: 'messages[0].role', message: 'expected one of user, assistant, system' },
    ]);
    expect(
      issuesOf({ ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: 'not an object' }] }] }).map((i) => i.path),
    ).toEqual(['messages[0].content[0].input']);
    expect(issuesOf({ ...base, messages: [{ role: 'user', content: [{ type: 'tool_result' }] }] }).map((i) => i.path)).toEqual([
      'messages[0].content[0].tool_use_id',
    ]);
    expect(issuesOf({ ...base, tools: [{ name: 'f' }] }).map((i) => i.path)).toEqual(['tools[0].input_schema']);
    expect(issuesOf({ ...base, thinking: { type: 'enabled' } })).toEqual([{ path: 'thinking.budget_tokens', message: 'required when type is "enabled"' }]);
    expect(issuesOf({ ...base, tool_choice: { type: 'tool' } })).toEqual([{ path: 'tool_choice.name', message: 'required when type is "tool"' }]);
    expect(issuesOf(null).map((i) => i.path)).toEqual(['']);
    expect(issuesOf({ ...base, messages: [{ role: 'user', content: 42 }] })).toEqual([
      { path: 'messages[0].content', message: 'expected a string or an array of content blocks' },
    ]);
    expect(issuesOf({ ...base, system: [{ type: 'image' }] }).map((i) => i.path)).toEqual(['system[0].type', 'system[0].text']);
    expect(issuesOf({ ...base, system: 7 })).toEqual([{ path: 'system', message: 'expected a string or an array of text blocks' }]);
  });

  it('blocks in the wrong role', () => {
    expect(issuesOf({ ...base, messages: [{ role: 'user', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }] })).toEqual([
      { path: 'messages[0].content[0].type', message: 'tool_use blocks are not allowed in user messages' },
    ]);
    expect(issuesOf({ ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 't' }] }] })).toEqual([
      { path: 'messages[0].content[0].type', message: 'tool_result blocks are not allowed in assistant messages' },
    ]);
  });
});
