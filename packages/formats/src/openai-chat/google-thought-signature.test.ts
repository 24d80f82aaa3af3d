import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import type { StreamEvent } from '../neutral/stream-event';
import { ReplyAccumulator } from '../reply-accumulator';
import { openaiChatCodec } from './openai-chat-codec';

// Gemini 3 through Google's OpenAI-compatible endpoint: its thought signatures ride in
// `extra_content.google.thought_signature`, and a tool step sent back without them is a 400.
const sig = (signature: string) => ({ google: { thought_signature: signature } });
const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gemini-3-pro-preview', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

function decode(text: string): StreamEvent[] {
  const decoder = openaiChatCodec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

const googleStream =
  chunk({ role: 'assistant', reasoning_content: 'Check the weather.' }) +
  chunk({
    tool_calls: [
      { index: 0, id: 'function-call-1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' }, extra_content: sig('SIG-A') },
    ],
  }) +
  chunk({ tool_calls: [{ index: 1, id: 'function-call-2', type: 'function', function: { name: 'time', arguments: '{}' } }] }) +
  chunk({}, 'tool_calls') +
  'data: [DONE]\n\n';

describe("Google's thought signatures in OpenAI Chat", () => {
  it('a streamed call’s signature is a signed reasoning piece just before the call', () => {
    const events = decode(googleStream);
    expect(events.slice(1, 4)).toEqual([
      { type: 'reasoning-delta', text: 'Check the weather.' },
      { type: 'reasoning-delta', text: '', signature: 'SIG-A', signatureFrom: 'openai-chat' },
      { type: 'tool-call-start', id: 'function-call-1', name: 'weather' },
    ]);
    expect(events.filter((event) => event.type === 'reasoning-delta')).toHaveLength(2); // the parallel call has none
  });

  it('a text answer’s signature on its delta signs what follows', () => {
    const events = decode(chunk({ role: 'assistant', content: 'Sunny.', extra_content: sig('SIG-T') }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
    expect(events.slice(1, 3)).toEqual([
      { type: 'reasoning-delta', text: '', signature: 'SIG-T', signatureFrom: 'openai-chat' },
      { type: 'text-delta', text: 'Sunny.' },
    ]);
  });

  it('a whole reply’s signatures sign the reasoning before them, or stand before their call', () => {
    const reply = openaiChatCodec.parseReply({
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'gemini-3-pro-preview',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            reasoning_content: 'Check it.',
            content: null,
            tool_calls: [
              { id: 'function-call-1', type: 'function', function: { name: 'weather', arguments: '{}' }, extra_content: sig('SIG-A') },
              { id: 'function-call-2', type: 'function', function: { name: 'time', arguments: '{}' }, extra_content: sig('SIG-B') },
            ],
          },
        },
      ],
    });
    expect(reply.content).toEqual([
      { type: 'reasoning', text: 'Check it.', signature: 'SIG-A', signatureFrom: 'openai-chat' },
      { type: 'tool-call', id: 'function-call-1', name: 'weather', arguments: '{}' },
      { type: 'reasoning', text: '', signature: 'SIG-B', signatureFrom: 'openai-chat' },
      { type: 'tool-call', id: 'function-call-2', name: 'time', arguments: '{}' },
    ]);
  });

  it('goes back on the call it came with, the next turn, from a streamed reply', () => {
    const accumulator = new ReplyAccumulator();
    for (const event of decode(googleStream)) accumulator.add(event);
    const request: NeutralRequest = {
      model: 'gemini-3-pro-preview',
      system: [],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'weather and time in Paris?' }] },
        { role: 'assistant', content: accumulator.toReply({ id: 'r', model: 'm' }).content },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', callId: 'function-call-1', content: [{ type: 'text', text: 'sunny' }] },
            { type: 'tool-result', callId: 'function-call-2', content: [{ type: 'text', text: 'noon' }] },
          ],
        },
      ],
      stream: false,
      extra: {},
    };
    const formatted = openaiChatCodec.formatRequest(request);
    const assistant = (formatted.body.messages as Array<Record<string, any>>)[1]!;
    expect(assistant.reasoning_content).toBe('Check the weather.');
    expect(assistant.tool_calls).toEqual([
      { id: 'function-call-1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' }, extra_content: sig('SIG-A') },
      { id: 'function-call-2', type: 'function', function: { name: 'time', arguments: '{}' } },
    ]);
    expect(formatted.warnings).toEqual([]);
  });

  it('a text answer’s signature goes back on the message', () => {
    const request: NeutralRequest = {
      model: 'm',
      system: [],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '', signature: 'SIG-T', signatureFrom: 'openai-chat' },
            { type: 'text', text: 'Sunny.' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
      stream: false,
      extra: {},
    };
    const assistant = (openaiChatCodec.formatRequest(request).body.messages as Array<Record<string, unknown>>)[1];
    expect(assistant).toEqual({ role: 'assistant', content: 'Sunny.', extra_content: sig('SIG-T') });
  });

  it('another provider’s signature, or one of unknown origin, is not sent as Google’s', () => {
    for (const signatureFrom of ['gemini', 'anthropic', undefined] as const) {
      const reasoning = { type: 'reasoning' as const, text: 'think', signature: 'S', ...(signatureFrom ? { signatureFrom } : {}) };
      const request: NeutralRequest = {
        model: 'm',
        system: [],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: [reasoning, { type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }] },
          { role: 'tool', content: [{ type: 'tool-result', callId: 'c', content: [{ type: 'text', text: 'ok' }] }] },
        ],
        stream: false,
        extra: {},
      };
      const formatted = openaiChatCodec.formatRequest(request);
      expect(JSON.stringify(formatted.body)).not.toContain('extra_content');
      expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[1].content[0].signature' })]);
    }
  });
});

describe('a signature alone in a reply to an OpenAI Chat caller', () => {
  it('writes no empty reasoning_content', () => {
    const reply = openaiChatCodec.formatReply({
      id: 'r',
      model: 'm',
      content: [
        { type: 'reasoning', text: '', signature: 'SIG', signatureFrom: 'gemini' },
        { type: 'tool-call', id: 'c', name: 'f', arguments: '{}' },
      ],
      finishReason: 'tool-calls',
    });
    const message = (reply.value as { choices: Array<{ message: Record<string, unknown> }> }).choices[0]!.message;
    expect(message).not.toHaveProperty('reasoning_content');
    expect(message.tool_calls).toHaveLength(1);
  });
});
