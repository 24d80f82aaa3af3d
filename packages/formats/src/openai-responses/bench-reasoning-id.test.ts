import { describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses-codec';

// A DeepSeek-style member (OpenAI Chat, reasoning_content, no signature) answers a Codex (Responses) client.
const foreignReply = openaiChatCodec.parseReply({
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'deepseek',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Done.', reasoning_content: 'Let me think.' }, finish_reason: 'stop' }],
});

describe('reasoning items bench made up', () => {
  const output = (openaiResponsesCodec.formatReply(foreignReply).value as { output: Array<Record<string, unknown>> }).output;
  const reasoning = output.find((item) => item.type === 'reasoning') as Record<string, unknown>;

  it('carry an id OpenAI never issued, and no encrypted content, when the reasoning had no signature', () => {
    expect(reasoning.id).toMatch(/^rs_bench_/);
    expect(reasoning).not.toHaveProperty('encrypted_content');
  });

  it('are not sent back to a Responses upstream, which would look the id up and fail; OpenAI’s own items are', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'm',
      store: false,
      input: [
        { role: 'user', content: 'first' },
        reasoning,
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
        { type: 'reasoning', id: 'rs_68a1f0c3a0e48191', summary: [], encrypted_content: 'gAAAA-openai' },
        { role: 'user', content: 'second' },
      ],
    });
    const formatted = openaiResponsesCodec.formatRequest(request);
    const items = formatted.body.input as Array<Record<string, unknown>>;
    expect(items.filter((item) => item.type === 'reasoning').map((item) => item.id)).toEqual(['rs_68a1f0c3a0e48191']);
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', message: expect.stringContaining('no OpenAI item id') }));
  });
});
