import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic/anthropic-codec';
import { decode, encode } from './codec-test-streams';
import { geminiCodec } from './gemini/gemini-codec';
import { ollamaCodec } from './ollama/ollama-codec';
import { openaiChatCodec } from './openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses/openai-responses-codec';
import { ReplyAccumulator } from './reply-accumulator';

/** The stop sequence that ended a reply, from a vLLM member (OpenAI Chat) to an Anthropic client, and further. */

const STOP = '</answer>';

const vllmReply = (stopReason?: unknown) => ({
  id: 'chatcmpl-v1',
  object: 'chat.completion',
  created: 1764489700,
  model: 'Qwen/Qwen3-8B',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: '42' },
      logprobs: null,
      finish_reason: 'stop',
      ...(stopReason === undefined ? {} : { stop_reason: stopReason }),
    },
  ],
  usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
});

const vllmStream = (stopReason?: unknown) =>
  [
    { delta: { role: 'assistant', content: '' }, finish_reason: null, stop_reason: null },
    { delta: { content: '42' }, finish_reason: null, stop_reason: null },
    { delta: {}, finish_reason: 'stop', ...(stopReason === undefined ? {} : { stop_reason: stopReason }) },
  ]
    .map(
      (choice) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-v2', object: 'chat.completion.chunk', created: 1, model: 'Qwen/Qwen3-8B', choices: [{ index: 0, logprobs: null, ...choice }] })}\n\n`,
    )
    .join('') + 'data: [DONE]\n\n';

/** The `delta` of the Anthropic stream's message_delta event. */
function anthropicMessageDelta(wire: string): unknown {
  const data = wire.split('\n\n').find((f) => f.startsWith('event: message_delta\n'));
  return (JSON.parse(data!.split('\n')[1]!.slice('data: '.length)) as { delta: unknown }).delta;
}

describe('a vLLM reply (OpenAI Chat) ended by a stop string, to an Anthropic client', () => {
  it('JSON: stop_reason "stop_sequence" and the string', () => {
    const value = anthropicCodec.formatReply(openaiChatCodec.parseReply(vllmReply(STOP))).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['stop_sequence', STOP]);
  });

  it('stream: message_delta has stop_reason "stop_sequence" and the string', () => {
    expect(anthropicMessageDelta(encode(anthropicCodec, decode(openaiChatCodec, vllmStream(STOP))))).toEqual({
      stop_reason: 'stop_sequence',
      stop_sequence: STOP,
    });
  });

  it('stream to a non-streaming client (accumulated): the same', () => {
    const accumulator = new ReplyAccumulator();
    for (const event of decode(openaiChatCodec, vllmStream(STOP))) accumulator.add(event);
    const value = anthropicCodec.formatReply(accumulator.toReply({ id: 'msg_x', model: 'm' })).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['stop_sequence', STOP]);
  });

  it.each([
    ['a stop token id', 151645],
    ['null', null],
    ['no stop_reason', undefined],
  ])('with %s: end_turn and stop_sequence null, as before', (_what, stopReason) => {
    const value = anthropicCodec.formatReply(openaiChatCodec.parseReply(vllmReply(stopReason))).value;
    expect([value.stop_reason, value.stop_sequence]).toEqual(['end_turn', null]);
    expect(anthropicMessageDelta(encode(anthropicCodec, decode(openaiChatCodec, vllmStream(stopReason))))).toEqual({
      stop_reason: 'end_turn',
      stop_sequence: null,
    });
  });
});

describe('protocols with no field for it write nothing', () => {
  it.each([
    ['OpenAI Responses', openaiResponsesCodec],
    ['Gemini', geminiCodec],
    ['Ollama', ollamaCodec],
  ])('%s', (_name, codec) => {
    expect(JSON.stringify(codec.formatReply(openaiChatCodec.parseReply(vllmReply(STOP))).value)).not.toContain(STOP);
    expect(encode(codec, decode(openaiChatCodec, vllmStream(STOP)))).not.toContain(STOP);
  });
});
