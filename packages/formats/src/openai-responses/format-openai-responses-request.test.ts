import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import { openaiResponsesCodec } from './openai-responses-codec';

/** A request as another codec (Anthropic) would have parsed it, with its own extras. */
const foreign: NeutralRequest = {
  origin: 'anthropic',
  model: 'claude-x',
  system: [
    { type: 'text', text: 'Rule one.', extra: { cache_control: { type: 'ephemeral' } } },
    { type: 'text', text: 'Rule two.' },
  ],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Look:' },
        { type: 'image', source: { kind: 'url', url: 'https://img.test/a.png' } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking', signature: 'sig' },
        { type: 'text', text: 'Calling.' },
        { type: 'image', source: { kind: 'url', url: 'https://img.test/b.png' } },
        { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'boom' }], isError: true },
        { type: 'text', text: 'And now?' },
      ],
    },
  ],
  tools: [{ name: 'f', description: 'F', inputSchema: { type: 'object' }, extra: { cache_control: { type: 'ephemeral' } } }],
  toolChoice: { type: 'required' },
  responseFormat: { type: 'json-schema', schema: { type: 'object' } },
  reasoning: { budgetTokens: 4000, enabled: true },
  maxOutputTokens: 500,
  stop: ['STOP'],
  topK: 40,
  stream: true,
  extra: { metadata: { user_id: 'u' }, $hint: 'private to anthropic' },
};

describe('formatRequest from another protocol', () => {
  const formatted = openaiResponsesCodec.formatRequest(foreign);

  it('writes the Responses shape: instructions, input items, function tools, settings', () => {
    expect(formatted.path).toBe('/responses');
    expect(formatted.body).toEqual({
      model: 'claude-x',
      instructions: 'Rule one.\n\nRule two.',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look:' },
            { type: 'input_image', image_url: 'https://img.test/a.png', detail: 'auto' },
          ],
        },
        { id: 'rs_bench_in_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }], encrypted_content: 'sig' },
        { role: 'assistant', content: [{ type: 'output_text', text: 'Calling.' }] },
        { type: 'function_call', call_id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
        { type: 'function_call_output', call_id: 'toolu_1', output: 'boom' },
        { role: 'user', content: [{ type: 'input_text', text: 'And now?' }] },
      ],
      tools: [{ type: 'function', name: 'f', description: 'F', parameters: { type: 'object' }, strict: false }],
      tool_choice: 'required',
      text: { format: { type: 'json_schema', name: 'response', schema: { type: 'object' } } },
      reasoning: { effort: 'medium', summary: 'auto' },
      max_output_tokens: 500,
      stream: true,
    });
  });

  it('warns about everything it could not carry, and nothing private', () => {
    expect(formatted.warnings.map((warning) => `${warning.code} ${warning.path}`).sort()).toEqual(
      ['converted reasoning.budgetTokens', 'dropped messages[1].content[2]', 'dropped messages[2].content[0].isError', 'dropped stop', 'dropped topK'].sort(),
    );
  });

  it('reads its own output back to the same conversation', () => {
    const back = openaiResponsesCodec.parseRequest(formatted.body);
    expect(back.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(back.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'toolu_1', name: 'f' });
  });

  it('sends a session key as prompt_cache_key, and tool results given as tool messages', () => {
    const body = openaiResponsesCodec.formatRequest({
      model: 'm',
      system: [],
      messages: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              callId: 'c',
              content: [
                { type: 'text', text: 'a' },
                { type: 'text', text: 'b' },
              ],
            },
          ],
        },
      ],
      sessionKey: 'conv-1',
      stream: false,
      extra: {},
    }).body;
    expect(body.prompt_cache_key).toBe('conv-1');
    expect(body.input).toEqual([
      {
        type: 'function_call_output',
        call_id: 'c',
        output: [
          { type: 'input_text', text: 'a' },
          { type: 'input_text', text: 'b' },
        ],
      },
    ]);
  });
});
