import { describe, expect, it } from 'vitest';
import { getCodec } from './codecs';
import type { NeutralRequest } from './neutral/request';

const request: NeutralRequest = {
  model: 'the-model',
  system: [{ type: 'text', text: 'Be brief.' }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [{ name: 'get_weather', description: 'weather', inputSchema: { type: 'object', properties: {} } }],
  maxOutputTokens: 100,
  temperature: 0.5,
  stream: true,
  extra: {},
};

const countCall = (protocol: 'anthropic' | 'gemini' | 'openai-responses') => {
  const codec = getCodec(protocol);
  return codec.wire.tokenCount!.request(codec.formatRequest(request));
};

describe("each protocol's token count call", () => {
  it('Anthropic: /messages/count_tokens with the messages, system and tools, without max_tokens, stream or sampling', () => {
    const call = countCall('anthropic');
    expect(call.path).toBe('/messages/count_tokens');
    expect(Object.keys(call.body).sort()).toEqual(['messages', 'model', 'system', 'tools']);
  });

  it('Gemini: :countTokens with the whole generate request (system instruction and tools) under generateContentRequest', () => {
    const call = countCall('gemini');
    expect(call.path).toBe('/models/the-model:countTokens');
    expect(call.body.generateContentRequest).toMatchObject({
      model: 'models/the-model',
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [{ functionDeclarations: [{ name: 'get_weather' }] }],
    });
  });

  it('OpenAI Responses: /responses/input_tokens with instructions, input and tools, without stream or max_output_tokens', () => {
    const call = countCall('openai-responses');
    expect(call.path).toBe('/responses/input_tokens');
    expect(call.body).toMatchObject({ model: 'the-model', instructions: 'Be brief.', tools: [{ name: 'get_weather' }] });
    expect(call.body).not.toHaveProperty('stream');
    expect(call.body).not.toHaveProperty('max_output_tokens');
  });

  it('reads and writes each count reply; OpenAI Chat and Ollama have no count API', () => {
    expect(getCodec('anthropic').wire.tokenCount!.read({ input_tokens: 12 })).toBe(12);
    expect(getCodec('gemini').wire.tokenCount!.read(getCodec('gemini').wire.tokenCount!.formatReply(34))).toBe(34);
    expect(getCodec('openai-responses').wire.tokenCount!.formatReply(5)).toEqual({ object: 'response.input_tokens', input_tokens: 5 });
    expect(getCodec('anthropic').wire.tokenCount!.read({ input_tokens: 'many' })).toBeUndefined();
    expect(getCodec('openai-chat').wire.tokenCount).toBeUndefined();
    expect(getCodec('ollama').wire.tokenCount).toBeUndefined();
  });
});
