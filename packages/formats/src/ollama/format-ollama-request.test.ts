import { describe, expect, it } from 'vitest';
import { canonicalConversation, TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import type { NeutralRequest } from '../neutral/request';
import { ollamaCodec } from './ollama-codec';

function request(partial: Partial<NeutralRequest>): NeutralRequest {
  return { origin: 'anthropic', model: 'm', system: [], messages: [], stream: false, extra: {}, ...partial };
}

describe('formatRequest from another protocol', () => {
  it('writes the canonical conversation and warns about what Ollama cannot hold', () => {
    const formatted = ollamaCodec.formatRequest({ ...canonicalConversation, origin: 'anthropic' });
    expect(formatted.path).toBe('/api/chat');
    const messages = formatted.body.messages as Array<Record<string, unknown>>;
    expect(messages[2]).toEqual({
      role: 'assistant',
      content: 'Let me check the weather in Paris.',
      thinking: 'The photo shows Paris; I should look up its weather.',
      tool_calls: [{ id: 'call_1', function: { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } } }],
    });
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[1].content[0].signature' })]);
  });

  it('turns tool results inside a user turn into tool messages, finding the tool name from the call id', () => {
    const formatted = ollamaCodec.formatRequest(
      request({
        messages: [
          { role: 'assistant', content: [{ type: 'tool-call', id: 'toolu_1', name: 'lookup', arguments: '{"q":"x"}' }] },
          {
            role: 'user',
            content: [
              { type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'found' }], isError: true },
              { type: 'text', text: 'and now?' },
            ],
          },
        ],
      }),
    );
    expect(formatted.body.messages).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ id: 'toolu_1', function: { name: 'lookup', arguments: { q: 'x' } } }] },
      { role: 'tool', content: 'found', tool_name: 'lookup', tool_call_id: 'toolu_1' },
      { role: 'user', content: 'and now?' },
    ]);
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[1].content[0].isError' })]);
  });

  it('warns when no earlier call names a tool result', () => {
    const formatted = ollamaCodec.formatRequest(request({ messages: [{ role: 'tool', content: [{ type: 'tool-result', callId: 'x', content: [] }] }] }));
    expect(formatted.body.messages).toEqual([{ role: 'tool', content: '', tool_call_id: 'x' }]);
    expect(formatted.warnings).toEqual([expect.objectContaining({ path: 'messages[0].content[0].name' })]);
  });

  it('unwraps data: URLs, and warns about image URLs it cannot send', () => {
    const formatted = ollamaCodec.formatRequest(
      request({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image', source: { kind: 'url', url: `data:image/png;base64,${TINY_PNG_BASE64}` } },
              { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' } },
            ],
          },
        ],
      }),
    );
    expect(formatted.body.messages).toEqual([{ role: 'user', content: 'look', images: [TINY_PNG_BASE64] }]);
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[0].content[2]' })]);
  });

  it('joins system parts into one system message and warns about their wire fields', () => {
    const formatted = ollamaCodec.formatRequest(
      request({
        system: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b', extra: { cache_control: { type: 'ephemeral' }, citations: [{ type: 'char_location' }] } },
        ],
      }),
    );
    expect(formatted.body.messages).toEqual([{ role: 'system', content: 'a\nb' }]);
    // A prompt-cache mark is left out without a word (Ollama caches on its own); the rest is named.
    expect(formatted.warnings).toEqual([expect.objectContaining({ path: 'system[1].citations' })]);
  });

  it('maps settings into options, think and format, warning about the rest', () => {
    const formatted = ollamaCodec.formatRequest(
      request({
        origin: 'openai-chat',
        stream: true,
        maxOutputTokens: 100,
        temperature: 0,
        topP: 1,
        topK: 5,
        seed: 3,
        stop: ['x'],
        reasoning: { effort: 'xhigh' },
        responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object' } },
        toolChoice: { type: 'required' },
        parallelToolCalls: false,
        tools: [{ name: 'f', inputSchema: { type: 'object' }, strict: true }],
        extra: { frequency_penalty: 1, $private: true },
      }),
    );
    expect(formatted.body).toEqual({
      model: 'm',
      messages: [],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      stream: true,
      format: { type: 'object' },
      think: 'high',
      options: { num_predict: 100, temperature: 0, top_p: 1, top_k: 5, seed: 3, stop: ['x'] },
    });
    expect(formatted.warnings.map((warning) => warning.path)).toEqual([
      'tools[0].strict',
      'toolChoice',
      'parallelToolCalls',
      'responseFormat.name',
      'reasoning.effort',
      'extra.frequency_penalty',
    ]);
  });

  it('meets tool choice "none" by not sending the tools', () => {
    const formatted = ollamaCodec.formatRequest(request({ tools: [{ name: 'f', inputSchema: {} }], toolChoice: { type: 'none' } }));
    expect(formatted.body.tools).toBeUndefined();
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'converted', path: 'toolChoice' })]);
  });

  it('sends tool-call arguments that are not a JSON object as {"arguments": <text>}, with a warning', () => {
    const formatted = ollamaCodec.formatRequest(
      request({ messages: [{ role: 'assistant', content: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{"a":' }] }] }),
    );
    expect(formatted.body.messages).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ id: 'c', function: { name: 'f', arguments: { arguments: '{"a":' } } }] },
    ]);
    expect(formatted.warnings).toEqual([expect.objectContaining({ path: 'messages[0].content[0].arguments' })]);
  });

  it('maps reasoning settings to think', () => {
    const think = (reasoning: NeutralRequest['reasoning']) => ollamaCodec.formatRequest(request({ reasoning })).body.think;
    expect(think({ enabled: true, budgetTokens: 2048 })).toBe(true);
    expect(think({ effort: 'none' })).toBe(false);
    expect(think({ effort: 'medium' })).toBe('medium');
    expect(think({ budgetTokens: 1024 })).toBe(true);
    expect(think(undefined)).toBeUndefined();
  });
});
