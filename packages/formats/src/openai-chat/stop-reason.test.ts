import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { encodeAll } from './__fixtures__/sse-response';
import { openaiChatCodec } from './openai-chat-codec';

/** vLLM and SGLang say which stop ended a reply in `choices[i].stop_reason`: a stop string, a stop token id, or null. */

const replyBody = (stopReason?: unknown) => ({
  id: 'chatcmpl-v1',
  object: 'chat.completion',
  created: 1764489700,
  model: 'Qwen/Qwen3-8B',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'one, two, ' },
      logprobs: null,
      finish_reason: 'stop',
      ...(stopReason === undefined ? {} : { stop_reason: stopReason }),
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
});

const chunk = (choice: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-v2', object: 'chat.completion.chunk', created: 1, model: 'Qwen/Qwen3-8B', choices: [{ index: 0, logprobs: null, ...choice }] })}\n\n`;

const streamBody = (stopReason?: unknown) =>
  chunk({ delta: { role: 'assistant', content: '' }, finish_reason: null, stop_reason: null }) +
  chunk({ delta: { content: 'one, two, ' }, finish_reason: null, stop_reason: null }) +
  chunk({ delta: {}, finish_reason: 'stop', ...(stopReason === undefined ? {} : { stop_reason: stopReason }) }) +
  'data: [DONE]\n\n';

function decode(text: string): StreamEvent[] {
  const decoder = openaiChatCodec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

/** The `choices[0]` of the chunk that carries finish_reason. */
function finishChoice(wire: string): Record<string, unknown> {
  for (const data of wire.split('\n\n')) {
    if (!data.startsWith('data: {')) continue;
    const choice = (JSON.parse(data.slice('data: '.length)) as { choices: Array<Record<string, unknown>> }).choices[0];
    if (choice?.finish_reason) return choice;
  }
  throw new Error('no finish chunk');
}

describe('parseReply reads a string stop_reason as stopSequence', () => {
  it('a stop string', () => {
    const reply = openaiChatCodec.parseReply(replyBody('three'));
    expect(reply.stopSequence).toBe('three');
    expect(reply.finishReason).toBe('stop');
    expect(reply.extra).toBeUndefined();
  });

  it.each([
    ['a stop token id', 151645],
    ['null (the end-of-sequence token)', null],
    ['nothing', undefined],
  ])('ignores %s', (_what, stopReason) => {
    expect(openaiChatCodec.parseReply(replyBody(stopReason))).not.toHaveProperty('stopSequence');
  });
});

describe('the stream decoder reads a string stop_reason as the finish event’s stopSequence', () => {
  it('a stop string on the finish chunk', () => {
    expect(decode(streamBody('three')).at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop', stopSequence: 'three' });
  });

  it.each([
    ['a stop token id', 151645],
    ['null', null],
    ['nothing', undefined],
  ])('ignores %s', (_what, stopReason) => {
    expect(decode(streamBody(stopReason)).at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop' });
  });
});

describe('an OpenAI Chat client gets stop_reason back', () => {
  it('formatReply writes it on the choice, once', () => {
    const value = openaiChatCodec.formatReply(openaiChatCodec.parseReply(replyBody('three'))).value as { choices: Array<Record<string, unknown>> };
    expect(value.choices[0]).toMatchObject({ finish_reason: 'stop', stop_reason: 'three' });
    expect(value).not.toHaveProperty('stop_reason');
  });

  it('formatReply writes none when there was none', () => {
    const value = openaiChatCodec.formatReply(openaiChatCodec.parseReply(replyBody(151645))).value as { choices: Array<Record<string, unknown>> };
    expect(value.choices[0]).not.toHaveProperty('stop_reason');
  });

  it('the stream encoder writes it on the finish chunk', () => {
    expect(finishChoice(encodeAll(decode(streamBody('three'))))).toMatchObject({ finish_reason: 'stop', stop_reason: 'three' });
  });

  it('the stream encoder writes none when there was none', () => {
    expect(finishChoice(encodeAll(decode(streamBody(null))))).not.toHaveProperty('stop_reason');
  });
});
