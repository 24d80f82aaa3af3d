import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { openaiResponsesCodec } from './openai-responses-codec';

function issuesOf(body: unknown): Array<{ path: string; message: string }> {
  try {
    openaiResponsesCodec.parseRequest(body);
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected an InvalidRequestError');
}

const base = { model: 'gpt-test' };

describe('parseRequest: bad input names the field and the reason', () => {
  it.each([
    ['a body that is not an object', 'hello', '', /JSON object/],
    ['a missing model', { input: 'hi' }, 'model', /expected string/],
    ['a model of the wrong type', { model: 7, input: 'hi' }, 'model', /expected string/],
    ['content of the wrong type', { ...base, input: [{ role: 'user', content: 3 }] }, 'input[0].content', /expected a string or an array of content parts/],
    ['input of the wrong type', { ...base, input: 42 }, 'input', /expected a string, or an array of input items/],
    ['an item that is not an object', { ...base, input: ['hi'] }, 'input[0]', /expected an object/],
    ['an item with neither type nor role', { ...base, input: [{ content: 'hi' }] }, 'input[0]', /role/],
    ['a message with an unknown role', { ...base, input: [{ role: 'robot', content: 'hi' }] }, 'input[0].role', /expected one of/],
    ['a content part of an unknown type', { ...base, input: [{ role: 'user', content: [{ type: 'input_video' }] }] }, 'input[0].content[0].type', /input_text/],
    ['a text part without text', { ...base, input: [{ role: 'user', content: [{ type: 'input_text' }] }] }, 'input[0].content[0].text', /expected string/],
    [
      'an image of an unsupported media type',
      { ...base, input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'data:image/bmp;base64,Qk0=' }] }] },
      'input[0].content[0].image_url',
      /image\/jpeg, image\/png, image\/gif, image\/webp/,
    ],
    [
      'a function call whose arguments are not JSON',
      { ...base, input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{city:' }] },
      'input[0].arguments',
      /JSON/,
    ],
    ['a function call without call_id', { ...base, input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, 'input[0].call_id', /expected string/],
    [
      'a function call output without output',
      { ...base, input: [{ type: 'function_call_output', call_id: 'c' }] },
      'input[0].output',
      /expected a string or an array/,
    ],
    [
      'a reasoning item with a bad summary',
      { ...base, input: [{ type: 'reasoning', id: 'rs', summary: [{ type: 'summary_text' }] }] },
      'input[0].summary[0].text',
      /expected string/,
    ],
    ['a function tool without a name', { ...base, tools: [{ type: 'function', parameters: {} }] }, 'tools[0].name', /expected string/],
    [
      'a function tool whose parameters are not an object',
      { ...base, tools: [{ type: 'function', name: 'f', parameters: 'x' }] },
      'tools[0].parameters',
      /expected record/,
    ],
    ['an unknown tool_choice string', { ...base, tool_choice: 'sometimes' }, 'tool_choice', /expected "auto", "none", "required", or an object naming a tool/],
    ['a tool_choice of the wrong type', { ...base, tool_choice: 5 }, 'tool_choice', /expected "auto", "none", "required", or an object naming a tool/],
    ['a custom tool without a name', { ...base, tools: [{ type: 'custom', format: { type: 'text' } }] }, 'tools[0].name', /expected string/],
    [
      'a namespace whose function has no name',
      { ...base, tools: [{ type: 'namespace', name: 'ns', tools: [{ type: 'function' }] }] },
      'tools[0].tools[0].name',
      /expected string/,
    ],
    [
      'a custom tool call whose input is not text',
      { ...base, input: [{ type: 'custom_tool_call', call_id: 'c', name: 'apply_patch', input: 7 }] },
      'input[0].input',
      /expected string/,
    ],
    ['a negative max_output_tokens', { ...base, max_output_tokens: -1 }, 'max_output_tokens', />=0/],
    ['an unknown text format', { ...base, text: { format: { type: 'yaml' } } }, 'text.format.type', /json_schema/],
    ['a json_schema format without a schema', { ...base, text: { format: { type: 'json_schema', name: 'x' } } }, 'text.format.schema', /expected record/],
    ['an unknown reasoning effort', { ...base, reasoning: { effort: 'extreme' } }, 'reasoning.effort', /expected one of/],
    [
      'an image in an assistant message',
      { ...base, input: [{ role: 'assistant', content: [{ type: 'input_image', image_url: 'https://x.test/a.png' }] }] },
      'input[0].content[0]',
      /image/,
    ],
  ])('%s', (_name, body, path, message) => {
    const issues = issuesOf(body);
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toMatch(message);
  });
});

describe('parseRequest: shapes', () => {
  it('reads a plain string input as one user message, origin openai-responses, stream false when absent', () => {
    expect(openaiResponsesCodec.parseRequest({ model: 'm', input: 'hi' })).toEqual({
      origin: 'openai-responses',
      model: 'm',
      system: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: false,
      extra: { $noStream: true, $input: 'string' },
    });
  });

  it('merges reasoning, an assistant message and function calls into one assistant message, and outputs into one tool message', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'go' },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [
            { type: 'summary_text', text: 'a' },
            { type: 'summary_text', text: 'b' },
          ],
          encrypted_content: 'enc',
        },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok', annotations: [] }] },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call', call_id: 'c2', name: 'g', arguments: '' },
        { type: 'function_call_output', call_id: 'c1', output: 'one' },
        { type: 'function_call_output', call_id: 'c2', output: [{ type: 'input_text', text: 'two' }] },
      ],
    });
    expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(request.messages[1]?.content).toMatchObject([
      { type: 'reasoning', text: 'a\n\nb', signature: 'enc', extra: { id: 'rs_1' } },
      { type: 'text', text: 'ok', extra: { annotations: [] } },
      { type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' },
      { type: 'tool-call', id: 'c2', name: 'g', arguments: '' },
    ]);
    expect(request.messages[2]?.content).toMatchObject([
      { type: 'tool-result', callId: 'c1', name: 'f', content: [{ type: 'text', text: 'one' }] },
      { type: 'tool-result', callId: 'c2', name: 'g', content: [{ type: 'text', text: 'two' }] },
    ]);
  });

  it('maps text.format, reasoning and the other settings', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'm',
      input: 'hi',
      text: { format: { type: 'json_schema', name: 'out', schema: { type: 'object' }, strict: true }, verbosity: 'low' },
      reasoning: { effort: 'high', summary: 'detailed' },
      max_output_tokens: 100,
      temperature: 0,
      top_p: 1,
      parallel_tool_calls: false,
      prompt_cache_key: 'k1',
      stream: true,
    });
    expect(request).toMatchObject({
      responseFormat: { type: 'json-schema', name: 'out', schema: { type: 'object' }, strict: true },
      reasoning: { effort: 'high', enabled: true },
      maxOutputTokens: 100,
      temperature: 0,
      topP: 1,
      parallelToolCalls: false,
      sessionKey: 'k1',
      stream: true,
      extra: { text: { verbosity: 'low' }, $reasoning: { summary: 'detailed' } },
    });
  });

  it('reads raw reasoning content (one reasoning_text, no summary) as the reasoning text', () => {
    const item = { type: 'reasoning', id: 'rs_9', summary: [], content: [{ type: 'reasoning_text', text: 'step one' }] };
    const request = openaiResponsesCodec.parseRequest({ model: 'm', input: [item] });
    expect(request.messages[0]?.content[0]).toEqual({ type: 'reasoning', text: 'step one', extra: { id: 'rs_9', $fromContent: true } });
    expect(openaiResponsesCodec.formatRequest(request).body.input).toEqual([item]);
  });

  it('keeps a file part as a visible placeholder that carries the original', () => {
    const part = { type: 'input_file', file_id: 'file_1', filename: 'a.pdf' };
    const request = openaiResponsesCodec.parseRequest({ model: 'm', input: [{ role: 'user', content: [part] }] });
    expect(request.messages[0]?.content[0]).toEqual({ type: 'text', text: '[input_file a.pdf]', extra: { unmapped_part: part } });
  });
});
