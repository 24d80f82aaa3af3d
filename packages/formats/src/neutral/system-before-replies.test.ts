import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { ollamaCodec } from '../ollama/ollama-codec';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from '../openai-responses/openai-responses-codec';
import type { NeutralRequest } from './request';

// A conversation that opened with a system prompt and, after the model's first reply, got another system message.
const parsers: Array<[string, (late: boolean) => NeutralRequest]> = [
  [
    'openai-chat',
    (late) =>
      openaiChatCodec.parseRequest({
        model: 'm',
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'developer', content: 'Use tabs.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
          ...(late ? [{ role: 'system', content: 'The user switched to plan mode.' }] : []),
          { role: 'user', content: 'go on' },
        ],
      }),
  ],
  [
    'anthropic',
    (late) =>
      anthropicCodec.parseRequest({
        model: 'm',
        max_tokens: 5,
        system: 'You are terse.',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'system', content: 'Use tabs.' }, // where Claude Code puts its own, from the first turn on
          { role: 'assistant', content: 'hello' },
          ...(late ? [{ role: 'system', content: 'The user switched to plan mode.' }] : []),
          { role: 'user', content: 'go on' },
        ],
      }),
  ],
  [
    'openai-responses',
    (late) =>
      openaiResponsesCodec.parseRequest({
        model: 'm',
        instructions: 'You are terse.',
        input: [
          { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Use tabs.' }] },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
          { type: 'function_call', call_id: 'c1', name: 'ls', arguments: '{}' },
          { type: 'function_call_output', call_id: 'c1', output: 'a.txt' },
          ...(late ? [{ type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'The user switched to plan mode.' }] }] : []),
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go on' }] },
        ],
      }),
  ],
  [
    'ollama',
    (late) =>
      ollamaCodec.parseRequest({
        model: 'm',
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'system', content: 'Use tabs.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
          ...(late ? [{ role: 'system', content: 'The user switched to plan mode.' }] : []),
          { role: 'user', content: 'go on' },
        ],
      }),
  ],
];

describe('systemBeforeReplies: the system parts a conversation opened with', () => {
  it.each(parsers)('%s: a system message after the first reply is counted apart', (_, parse) => {
    const request = parse(true);
    expect(request.system.map((part) => part.text)).toEqual(['You are terse.', 'Use tabs.', 'The user switched to plan mode.']);
    expect(request.systemBeforeReplies).toBe(2);
  });

  it.each(parsers)('%s: absent when every system message came before the first reply', (_, parse) => {
    const request = parse(false);
    expect(request.system).toHaveLength(2);
    expect(request).not.toHaveProperty('systemBeforeReplies');
  });
});
