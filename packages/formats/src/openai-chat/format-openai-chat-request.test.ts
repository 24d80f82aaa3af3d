import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import { openaiChatCodec } from './openai-chat-codec';

const base: NeutralRequest = { model: 'm', system: [], messages: [], stream: false, extra: {} };

describe('formatRequest', () => {
  it('puts system and developer messages back where they sat, with their roles', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: 'first' },
        { role: 'user', content: 'u1' },
        {
          role: 'developer',
          content: [
            { type: 'text', text: 'mid' },
            { type: 'text', text: 'dle' },
          ],
          name: 'ops',
        },
        { role: 'assistant', content: 'a1' },
        { role: 'user', content: 'u2' },
        { role: 'system', content: 'last' },
      ],
    };
    const parsed = openaiChatCodec.parseRequest(body);
    expect(parsed.system.map((part) => part.text)).toEqual(['first', 'mid', 'dle', 'last']);
    expect(parsed.messages).toHaveLength(3);
    expect(openaiChatCodec.formatRequest(parsed).body).toEqual(body);
  });

  it('writes tool results found inside a user message (Anthropic style) as tool messages before the rest', () => {
    const formatted = openaiChatCodec.formatRequest({
      ...base,
      origin: 'anthropic',
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'f', arguments: '{}' }] },
        {
          role: 'user',
          content: [
            { type: 'tool-result', callId: 't1', content: [{ type: 'text', text: 'out' }], isError: true },
            { type: 'text', text: 'go on' },
          ],
        },
      ],
    });
    expect(formatted.body.messages).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 't1', content: 'out' },
      { role: 'user', content: 'go on' },
    ]);
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[1].content[0].isError' })]);
  });

  it('warns, for a request from another protocol, about each unmapped field and each feature it cannot hold', () => {
    const formatted = openaiChatCodec.formatRequest({
      ...base,
      origin: 'anthropic',
      system: [{ type: 'text', text: 'sys', extra: { cache_control: { type: 'ephemeral' }, $private: 1 } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }], extra: { $shape: 'x' } },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'hidden', redacted: true },
            { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'c', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/z.png' } }] }] },
      ],
      topK: 40,
      reasoning: { budgetTokens: 2000, enabled: true },
      sessionKey: 'k',
      extra: { metadata: { user_id: 'u' }, $hint: true, service_tier: null },
    });
    expect(formatted.warnings.map((warning) => warning.path).sort()).toEqual(
      ['messages[1].content[0]', 'messages[1].content[1]', 'messages[2].content[0].content[0]', 'topK', 'reasoning.budgetTokens', 'reasoning.enabled'].sort(),
    );
    // The tool result's image is not lost: it follows the tool message in a user message.
    const converted = formatted.warnings.filter((warning) => warning.code !== 'dropped').map((warning) => [warning.code, warning.path]);
    expect(converted).toEqual([['converted', 'messages[2].content[0].content[0]']]);
    expect(formatted.body).not.toHaveProperty('metadata');
    expect(formatted.body).not.toHaveProperty('top_k');
  });

  it('ignores another protocol’s $ hints and asks for stream usage', () => {
    const formatted = openaiChatCodec.formatRequest({
      ...base,
      origin: 'openai-responses',
      stream: true,
      maxOutputTokens: 50,
      stop: ['x'],
      system: [{ type: 'text', text: 's', extra: { $role: 'developer', $at: 3 } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }], extra: { $content: 'string' } }],
      extra: { $maxTokensField: 'max_completion_tokens', $stopString: true },
    });
    expect(formatted.body).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'q' },
      ],
      max_tokens: 50,
      stop: ['x'],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(formatted.warnings).toEqual([]);
  });

  it('drops, with a warning, a tool choice and parallel_tool_calls from another protocol that sent no tools', () => {
    const formatted = openaiChatCodec.formatRequest({ ...base, origin: 'anthropic', toolChoice: { type: 'auto' }, parallelToolCalls: false });
    expect(formatted.body).not.toHaveProperty('tool_choice');
    expect(formatted.body).not.toHaveProperty('parallel_tool_calls');
    expect(formatted.warnings.map((warning) => warning.path)).toEqual(['toolChoice', 'parallelToolCalls']);
  });

  it('maps tool choice, response formats and reasoning effort', () => {
    const formatted = openaiChatCodec.formatRequest({
      ...base,
      tools: [{ name: 'f', inputSchema: { type: 'object' }, strict: false }],
      toolChoice: { type: 'tool', name: 'f' },
      responseFormat: { type: 'json-schema', schema: { type: 'object' } },
      reasoning: { effort: 'high' },
    });
    expect(formatted.body).toMatchObject({
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' }, strict: false } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object' } } },
      reasoning_effort: 'high',
    });
    expect(openaiChatCodec.formatRequest({ ...base, responseFormat: { type: 'json' } }).body.response_format).toEqual({ type: 'json_object' });
  });
});
