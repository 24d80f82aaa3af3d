import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { NeutralRequest } from '../neutral/request';
import { anthropicCodec } from './anthropic-codec';

const fromChat = (over: Partial<NeutralRequest>): NeutralRequest => ({
  origin: 'openai-chat',
  model: 'm',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  maxOutputTokens: 50,
  stream: false,
  extra: {},
  ...over,
});

describe('formatRequest from another protocol', () => {
  it('leaves out a message that ends up with nothing Anthropic can take (Anthropic refuses an empty one)', () => {
    const formatted = anthropicCodec.formatRequest(
      fromChat({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'a' }] },
          { role: 'assistant', content: [{ type: 'reasoning', text: 'thought elsewhere', signature: 'gem', signatureFrom: 'gemini' }] },
          { role: 'user', content: [{ type: 'text', text: 'b' }] },
          { role: 'assistant', content: [{ type: 'text', text: '' }] },
          { role: 'user', content: [{ type: 'text', text: 'c' }] },
        ],
      }),
    );
    expect(formatted.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'user', content: [{ type: 'text', text: 'b' }] },
      { role: 'user', content: [{ type: 'text', text: 'c' }] },
    ]);
    expect(formatted.warnings.filter((w) => /^messages\[\d\]$/.test(w.path ?? '')).map((w) => w.path)).toEqual(['messages[1]', 'messages[3]']);
  });

  it('writes tool results given as tool messages or as user parts the same way', () => {
    const call = { role: 'assistant' as const, content: [{ type: 'tool-call' as const, id: 'c1', name: 'f', arguments: '{"x":1}' }] };
    const result = { type: 'tool-result' as const, callId: 'c1', name: 'f', content: [{ type: 'text' as const, text: 'ok' }], isError: false };
    const asTool = anthropicCodec.formatRequest(fromChat({ messages: [call, { role: 'tool', content: [result] }] }));
    const asUser = anthropicCodec.formatRequest(fromChat({ messages: [call, { role: 'user', content: [result] }] }));
    expect(asTool.body.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: { x: 1 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'ok' }], is_error: false }] },
    ]);
    expect(asUser.body).toEqual(asTool.body);
  });

  it('warns about every foreign extra field and neutral feature Anthropic cannot hold', () => {
    const { body, warnings } = anthropicCodec.formatRequest(
      fromChat({
        maxOutputTokens: undefined,
        seed: 7,
        responseFormat: { type: 'json' },
        reasoning: { effort: 'minimal' },
        system: [{ type: 'text', text: 'sys', extra: { name: 'dev', $developer: true } }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image', source: { kind: 'base64', mediaType: 'image/heic', data: 'AA' }, extra: { detail: 'high' } },
            ],
            extra: { name: 'bob' },
          },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'unsigned thought' },
              { type: 'text', text: '' },
              { type: 'text', text: 'ok' },
            ],
          },
        ],
        tools: [{ name: 'f', inputSchema: { type: 'object' }, extra: { type: 'function' } }],
        extra: { user: 'u1', logprobs: true, $chatHint: 1 },
      }),
    );
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['dropped', 'messages[0].name'],
      ['dropped', 'messages[0].content[1].detail'],
      ['dropped', 'messages[0].content[1]'],
      ['dropped', 'messages[1].content[0]'],
      ['dropped', 'system[0].name'],
      ['converted', 'max_tokens'],
      ['dropped', 'tools[0].type'],
      ['converted', 'reasoning.effort'],
      ['dropped', 'responseFormat'],
      ['dropped', 'seed'],
      ['dropped', 'logprobs'],
    ]);
    expect(body).toEqual({
      model: 'm',
      system: [{ type: 'text', text: 'sys' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'look' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      ],
      max_tokens: 4096,
      stream: false,
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      output_config: { effort: 'low' },
    });
  });

  it('maps tool choice, parallel calls, reasoning budget and a JSON schema', () => {
    const { body } = anthropicCodec.formatRequest(
      fromChat({
        tools: [{ name: 'f', inputSchema: { type: 'object' } }],
        toolChoice: { type: 'tool', name: 'f' },
        parallelToolCalls: false,
        responseFormat: { type: 'json-schema', name: 'out', schema: { type: 'object' } },
        stop: ['x'],
        stream: true,
      }),
    );
    expect(body).toMatchObject({
      tool_choice: { type: 'tool', name: 'f', disable_parallel_tool_use: true },
      output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
      stop_sequences: ['x'],
      stream: true,
    });
    const withTool = { tools: [{ name: 'f', inputSchema: { type: 'object' } }] };
    expect(anthropicCodec.formatRequest(fromChat({ ...withTool, toolChoice: { type: 'required' } })).body.tool_choice).toEqual({ type: 'any' });
    expect(anthropicCodec.formatRequest(fromChat({ reasoning: { enabled: true } })).body.thinking).toEqual({ type: 'adaptive' });
    expect(anthropicCodec.formatRequest(fromChat({ reasoning: { effort: 'none' } })).body.thinking).toEqual({ type: 'disabled' });
    expect(anthropicCodec.formatRequest(fromChat({ topK: 5 })).body.top_k).toBe(5);
    expect(anthropicCodec.formatRequest(fromChat({ reasoning: { enabled: true, budgetTokens: 1024, effort: 'high' } })).body).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      output_config: { effort: 'high' },
    });
  });

  it('gives a parameterless tool an object schema, and writes no tool_choice without tools', () => {
    const formatted = anthropicCodec.formatRequest(fromChat({ tools: [{ name: 'now', inputSchema: {} }], parallelToolCalls: false }));
    expect(formatted.body.tools).toEqual([{ name: 'now', input_schema: { type: 'object' } }]);
    expect(formatted.body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(formatted.warnings.map((w) => [w.code, w.path])).toEqual([['converted', 'tools[0].inputSchema']]);
    const noTools = anthropicCodec.formatRequest(fromChat({ toolChoice: { type: 'required' }, parallelToolCalls: false }));
    expect(noTools.body.tool_choice).toBeUndefined();
    expect(noTools.warnings.map((w) => [w.code, w.path])).toEqual([['dropped', 'toolChoice']]);
    expect(anthropicCodec.formatRequest(fromChat({ toolChoice: { type: 'auto' } })).warnings).toEqual([]);
  });

  it('sends empty tool-call arguments as {} and refuses arguments that are not a JSON object, naming the part', () => {
    const call = (args: string): NeutralRequest =>
      fromChat({ messages: [{ role: 'assistant', content: [{ type: 'tool-call', id: 'c', name: 'f', arguments: args }] }] });
    expect(anthropicCodec.formatRequest(call('')).body.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'f', input: {} }] },
    ]);
    for (const bad of ['{"x":', '[1,2]']) {
      let caught: unknown;
      try {
        anthropicCodec.formatRequest(call(bad));
      } catch (error) {
        caught = error;
      }
      expect(InvalidRequestError.isInstance(caught)).toBe(true);
      expect((caught as InvalidRequestError).param).toBe('messages[0].content[0].arguments');
    }
  });
});
