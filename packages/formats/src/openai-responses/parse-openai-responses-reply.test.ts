import { describe, expect, it } from 'vitest';
import { InvalidReplyError } from '../errors/invalid-reply-error';
import { openaiResponsesCodec } from './openai-responses-codec';
import { fixtureJSON } from './read-fixture';

const reply = fixtureJSON('reply-reasoning-text-tool-call.json');

describe('parseReply', () => {
  it('reads a captured reply: reasoning with encrypted content, text, a tool call, usage', () => {
    expect(openaiResponsesCodec.parseReply(reply)).toEqual({
      id: 'resp_68a1f0c2b5d88191a4c3e0f5b2d7a9e1',
      model: 'gpt-5-mini-2025-08-07',
      created: 1755443394,
      content: [
        {
          type: 'reasoning',
          text: '**Checking the weather**\n\nThe user asks about Paris.',
          signature: 'gAAAAABoofDE-final-blob==',
          signatureFrom: 'openai-responses',
          extra: { id: 'rs_68a1f0c3a0e48191b07e5c8d1f0e6d2a' },
        },
        { type: 'text', text: 'Let me check Paris for you.' },
        {
          type: 'tool-call',
          id: 'call_Qx1m3T9pLk2Vb7Rz',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          extra: { id: 'fc_68a1f0c5c6a48191ab3f7e9d2c5b8a41' },
        },
      ],
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      usage: { inputTokens: 812, outputTokens: 157, reasoningTokens: 128, cachedInputTokens: 768 },
    });
  });

  it.each([
    ['incomplete', { reason: 'max_output_tokens' }, 'length'],
    ['incomplete', { reason: 'content_filter' }, 'content-filter'],
    ['failed', null, 'error'],
    ['completed', null, 'stop'],
  ])('status %s (%j) finishes as %s', (status, incomplete_details, finishReason) => {
    const parsed = openaiResponsesCodec.parseReply({
      id: 'r',
      model: 'm',
      status,
      incomplete_details,
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'x' }] }],
    });
    expect(parsed.finishReason).toBe(finishReason);
  });

  it('names a function call that came without any id call_<n>', () => {
    const parsed = openaiResponsesCodec.parseReply({
      output: [
        { type: 'message', content: [{ type: 'output_text', text: 'x' }] },
        { type: 'function_call', name: 'f', arguments: '{}' },
      ],
    });
    expect(parsed.content[1]).toEqual({ type: 'tool-call', id: 'call_1', name: 'f', arguments: '{}' });
  });

  it('throws InvalidReplyError for something that is not a response', () => {
    expect(() => openaiResponsesCodec.parseReply({ error: { message: 'nope' } })).toThrow(InvalidReplyError);
    expect(() => openaiResponsesCodec.parseReply('text')).toThrow(InvalidReplyError);
  });
});
