import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidReplyError } from '../errors/invalid-reply-error';
import { ollamaCodec } from './ollama-codec';

const chatReply = JSON.parse(readFileSync(new URL('./__fixtures__/chat-reply.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('parseReply', () => {
  it('reads a captured chat reply: thinking, text, done_reason, counts, durations in extra', () => {
    expect(ollamaCodec.parseReply(chatReply)).toEqual({
      id: 'ollama-2026-11-30T08:04:00.123456789Z',
      model: 'qwen3:8b',
      created: Math.floor(Date.parse('2026-11-30T08:04:00.123Z') / 1000),
      content: [
        { type: 'reasoning', text: 'Answer from the tool result.' },
        { type: 'text', text: 'It is 18 degrees and sunny in Paris.' },
      ],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { inputTokens: 26, outputTokens: 282 },
      extra: { total_duration: 4883583458, load_duration: 1334875, prompt_eval_duration: 342546000, eval_duration: 4535599000 },
    });
  });

  it('formats it back to the same body', () => {
    expect(ollamaCodec.formatReply(ollamaCodec.parseReply(chatReply)).value).toEqual({ ...chatReply, created_at: '2026-11-30T08:04:00.000Z' });
  });

  it('reads tool calls (object arguments → JSON text, call_<n> without ids) as finish tool-calls', () => {
    const reply = ollamaCodec.parseReply({
      model: 'm',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'f', arguments: { a: 1 } } }, { id: 'x', function: { name: 'g', arguments: {} } }],
      },
      done: true,
      done_reason: 'stop',
    });
    expect(reply.content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"a":1}' },
      { type: 'tool-call', id: 'x', name: 'g', arguments: '{}' },
    ]);
    expect(reply.finishReason).toBe('tool-calls');
  });

  it('reads a generate reply, with length and its context', () => {
    const reply = ollamaCodec.parseReply({ model: 'm', created_at: 'bad date', response: 'hi', done: true, done_reason: 'length', context: [1, 2] });
    expect(reply).toMatchObject({ content: [{ type: 'text', text: 'hi' }], finishReason: 'length', extra: { context: [1, 2] } });
    expect(reply.created).toBeUndefined();
    expect(ollamaCodec.parseReply({ done: true, done_reason: 'load', message: { content: '' } })).toMatchObject({
      finishReason: 'other',
      rawFinishReason: 'load',
      content: [],
    });
  });

  it('throws InvalidReplyError for what is not an Ollama reply', () => {
    expect(() => ollamaCodec.parseReply({ choices: [] })).toThrow(InvalidReplyError);
    expect(() => ollamaCodec.parseReply('text')).toThrow(InvalidReplyError);
    expect(() => ollamaCodec.parseReply({ message: { content: 5 }, done: true })).toThrow(/not an Ollama reply/);
  });
});

describe('formatReply', () => {
  it('writes the generate shape, warning about what it cannot carry', () => {
    const { value, warnings } = ollamaCodec.formatReply(
      {
        id: 'r',
        model: 'm',
        created: 0,
        content: [
          { type: 'reasoning', text: 't', signature: 's' },
          { type: 'text', text: 'a' },
          { type: 'tool-call', id: 'c', name: 'f', arguments: '{}' },
        ],
        finishReason: 'content-filter',
        usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: 1 },
        extra: { bench: { reply: 'route' }, $hint: 1 },
      },
      { endpoint: 'generate' },
    );
    expect(value).toEqual({
      model: 'm',
      created_at: '1970-01-01T00:00:00.000Z',
      response: 'a',
      thinking: 't',
      done: true,
      done_reason: 'stop',
      prompt_eval_count: 1,
      eval_count: 2,
      bench: { reply: 'route' },
    });
    expect(warnings.map((warning) => warning.path)).toEqual(['content[0].signature', 'content[2]', 'usage']);
  });

  it('writes length as done_reason length, and keeps Ollama raw reasons', () => {
    const base = { id: 'r', model: 'm', content: [] };
    expect(ollamaCodec.formatReply({ ...base, finishReason: 'length', rawFinishReason: 'max_tokens' }).value.done_reason).toBe('length');
    expect(ollamaCodec.formatReply({ ...base, finishReason: 'other', rawFinishReason: 'unload' }).value.done_reason).toBe('unload');
  });
});
