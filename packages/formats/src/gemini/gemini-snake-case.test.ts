import { describe, expect, it } from 'vitest';
import { geminiCodec } from './gemini-codec';
import { withoutHints } from './gemini-test-helpers';

/** As in Google's REST examples: proto field names in snake_case, mixed with camelCase. */
const snake = {
  system_instruction: { parts: [{ text: 'Be terse.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'What is this?' }, { inline_data: { mime_type: 'image/png', data: 'AAAA' } }] },
    { role: 'model', parts: [{ function_call: { name: 'look', args: { snake_arg: 1 } }, thought_signature: 'sig' }] },
    { role: 'user', parts: [{ function_response: { name: 'look', response: { some_field: 'x' } } }] },
  ],
  tools: [{ function_declarations: [{ name: 'look', parameters: { type: 'object', properties: { snake_arg: { type: 'integer' } } } }] }],
  tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['look'] } },
  generationConfig: { max_output_tokens: 50, thinking_config: { thinking_budget: 0 }, stopSequences: ['x'] },
  safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
};

const camel = {
  systemInstruction: { parts: [{ text: 'Be terse.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
    { role: 'model', parts: [{ functionCall: { name: 'look', args: { snake_arg: 1 } }, thoughtSignature: 'sig' }] },
    { role: 'user', parts: [{ functionResponse: { name: 'look', response: { some_field: 'x' } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: 'look', parameters: { type: 'object', properties: { snake_arg: { type: 'integer' } } } }] }],
  toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['look'] } },
  generationConfig: { maxOutputTokens: 50, thinkingConfig: { thinkingBudget: 0 }, stopSequences: ['x'] },
  safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
};

describe('snake_case field names', () => {
  it('read as their camelCase twins, arguments and schemas untouched', () => {
    const fromSnake = geminiCodec.parseRequest(snake, { model: 'm' });
    const fromCamel = geminiCodec.parseRequest(camel, { model: 'm' });
    expect(withoutHints(fromSnake)).toEqual(withoutHints(fromCamel));
    expect(fromSnake.system).toEqual([{ type: 'text', text: 'Be terse.' }]);
    expect(fromSnake.toolChoice).toEqual({ type: 'tool', name: 'look' });
    expect(fromSnake.maxOutputTokens).toBe(50);
  });

  it('written back as the caller wrote them', () => {
    expect(geminiCodec.formatRequest(geminiCodec.parseRequest(snake, { model: 'm' })).body).toEqual(snake);
  });

  it("written in camelCase for another protocol's request", () => {
    const request = { ...geminiCodec.parseRequest(snake, { model: 'm' }), origin: 'openai-chat' as const };
    const body = geminiCodec.formatRequest(request).body;
    expect(body).toHaveProperty('systemInstruction');
    expect(body).not.toHaveProperty('system_instruction');
  });
});
