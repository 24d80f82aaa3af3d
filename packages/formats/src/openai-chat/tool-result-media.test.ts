import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { openaiResponsesCodec } from '../openai-responses/openai-responses-codec';
import { openaiChatCodec } from './openai-chat-codec';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngUrl = `data:image/png;base64,${PNG}`;

describe('an image a tool returned, for an OpenAI Chat member (a tool message holds text only)', () => {
  it("Claude Code's Read of a screenshot: the text stays in the tool message, the image follows in the user message", () => {
    const request = anthropicCodec.parseRequest({
      model: 'm',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'what does the screenshot show?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/tmp/shot.png' } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [
                { type: 'text', text: 'shot.png' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
              ],
            },
            { type: 'text', text: 'be brief' },
          ],
        },
      ],
    });
    const { body, warnings } = openaiChatCodec.formatRequest(request);
    expect((body.messages as unknown[]).slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'toolu_1', content: 'shot.png' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'From the result of tool call toolu_1:' },
          { type: 'image_url', image_url: { url: pngUrl } },
          { type: 'text', text: 'be brief' },
        ],
      },
    ]);
    expect(warnings).toEqual([
      { code: 'converted', path: 'messages[2].content[0].content[1]', message: 'an image in a tool result is sent in a user message after the tool messages' },
    ]);
  });

  it('Responses function_call_output with images, two calls: one user message after both tool messages, each call named', () => {
    const output = (text: string) => [
      { type: 'input_text', text },
      { type: 'input_image', image_url: pngUrl },
    ];
    const request = openaiResponsesCodec.parseRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'compare the two pages' },
        { type: 'function_call', call_id: 'call_a', name: 'screenshot', arguments: '{"page":1}' },
        { type: 'function_call', call_id: 'call_b', name: 'screenshot', arguments: '{"page":2}' },
        { type: 'function_call_output', call_id: 'call_a', output: output('page 1') },
        { type: 'function_call_output', call_id: 'call_b', output: output('page 2') },
      ],
    });
    const messages = openaiChatCodec.formatRequest(request).body.messages as Array<Record<string, unknown>>;
    expect(messages.slice(2).map((message) => message.role)).toEqual(['tool', 'tool', 'user']);
    expect(messages[4]!.content).toEqual([
      { type: 'text', text: 'From the result of tool call call_a (screenshot):' },
      { type: 'image_url', image_url: { url: pngUrl } },
      { type: 'text', text: 'From the result of tool call call_b (screenshot):' },
      { type: 'image_url', image_url: { url: pngUrl } },
    ]);
  });
});
