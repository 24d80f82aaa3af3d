import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import type { StreamEvent } from '../neutral/stream-event';
import { ReplyAccumulator } from '../reply-accumulator';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { openaiChatCodec } from './openai-chat-codec';

// Claude with thinking through OpenRouter: the thinking streams as `reasoning` and as `reasoning.text` details, its
// signature in the last detail; Gemini 3 adds a `reasoning.encrypted` detail (its thought signature) with the call.
const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk', created: 1, model: 'anthropic/claude-sonnet-4.5', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const text = (t: string, more: Record<string, unknown> = {}) => ({ type: 'reasoning.text', text: t, format: 'anthropic-claude-v1', index: 0, ...more });
const encrypted = { type: 'reasoning.encrypted', data: 'GEMINI-SIG', id: 'tool_read_1', format: 'google-gemini-v1', index: 1 };

const openRouterStream =
  chunk({ role: 'assistant', reasoning: 'Read the ', reasoning_details: [text('Read the ')] }) +
  chunk({ reasoning: 'file.', reasoning_details: [text('file.')] }) +
  chunk({ reasoning_details: [text('', { signature: 'CLAUDE-SIG' })] }) +
  chunk({
    reasoning_details: [encrypted],
    tool_calls: [{ index: 0, id: 'tool_read_1', type: 'function', function: { name: 'read', arguments: '{"path":"a.txt"}' } }],
  }) +
  chunk({}, 'tool_calls') +
  'data: [DONE]\n\n';

const allDetails = [{ type: 'reasoning.text', text: 'Read the file.', format: 'anthropic-claude-v1', index: 0, signature: 'CLAUDE-SIG' }, encrypted];

function decode(stream: string): StreamEvent[] {
  const decoder = openaiChatCodec.createStreamDecoder();
  return [...decoder.push(stream), ...decoder.end()];
}

function replyOf(events: StreamEvent[]) {
  const accumulator = new ReplyAccumulator();
  for (const event of events) accumulator.add(event);
  return accumulator.toReply({ id: 'r', model: 'm' });
}

const nextTurn = (content: NeutralRequest['messages'][number]['content']): NeutralRequest => ({
  model: 'anthropic/claude-sonnet-4.5',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'what is in a.txt?' }] },
    { role: 'assistant', content } as NeutralRequest['messages'][number],
    { role: 'tool', content: [{ type: 'tool-result', callId: 'tool_read_1', content: [{ type: 'text', text: 'hello' }] }] },
  ],
  stream: false,
  extra: {},
});

describe("OpenRouter's reasoning_details in OpenAI Chat", () => {
  it('a stream’s details, put together, sign its reasoning before the call', () => {
    const events = decode(openRouterStream);
    expect(
      events
        .filter((event) => event.type === 'reasoning-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Read the file.');
    const reply = replyOf(events);
    expect(reply.content).toHaveLength(2);
    expect(reply.content[0]).toMatchObject({ type: 'reasoning', text: 'Read the file.', signatureFrom: 'openai-chat' });
    expect(reply.content[1]).toMatchObject({ type: 'tool-call', id: 'tool_read_1', name: 'read' });
  });

  it('go back on the assistant message unmodified, instead of reasoning_content', () => {
    const body = openaiChatCodec.formatRequest(nextTurn(replyOf(decode(openRouterStream)).content)).body as { messages: Array<Record<string, unknown>> };
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      reasoning_details: allDetails,
      tool_calls: [{ id: 'tool_read_1', type: 'function', function: { name: 'read', arguments: '{"path":"a.txt"}' } }],
    });
  });

  it('a whole reply’s details sign its reasoning, and its text comes from them when no `reasoning` came', () => {
    const reply = openaiChatCodec.parseReply({
      id: 'gen-2',
      object: 'chat.completion',
      created: 1,
      model: 'google/gemini-3-pro-preview',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: {
            role: 'assistant',
            content: 'Hi.',
            reasoning_details: [{ type: 'reasoning.summary', summary: 'Greet.', format: 'google-gemini-v1', index: 0 }],
          },
        },
      ],
    });
    expect(reply.content[0]).toMatchObject({ type: 'reasoning', text: 'Greet.', signatureFrom: 'openai-chat' });
    const body = openaiChatCodec.formatRequest(nextTurn(reply.content)).body as { messages: Array<Record<string, unknown>> };
    expect(body.messages[1]?.reasoning_details).toEqual([{ type: 'reasoning.summary', summary: 'Greet.', format: 'google-gemini-v1', index: 0 }]);
  });

  it('come back through a caller of another protocol (wrapped) and reach OpenRouter again', () => {
    const reply = replyOf(decode(openRouterStream));
    const toCaller = anthropicCodec.formatReply(reply).value as { content: Array<Record<string, unknown>> };
    const back = anthropicCodec.parseRequest({
      model: 'bench/agents',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'what is in a.txt?' },
        { role: 'assistant', content: toCaller.content },
      ],
    });
    const body = openaiChatCodec.formatRequest({ ...back, model: 'anthropic/claude-sonnet-4.5' }).body as { messages: Array<Record<string, unknown>> };
    expect(body.messages[1]?.reasoning_details).toEqual(allDetails);
  });

  it('are not taken from a malformed field', () => {
    const events = decode(chunk({ role: 'assistant', reasoning: 'Hm.', reasoning_details: 'nope' }) + chunk({ content: 'Hi.' }, 'stop') + 'data: [DONE]\n\n');
    expect(replyOf(events).content[0]).toEqual({ type: 'reasoning', text: 'Hm.' });
  });
});
