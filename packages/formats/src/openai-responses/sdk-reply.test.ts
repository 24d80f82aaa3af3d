import { generateText, jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { NeutralReply } from '../neutral/reply';
import { openaiResponsesCodec } from './openai-responses-codec';
import { jsonOf } from './read-fixture';
import { aiSdkModel, answering, openaiClient } from './sdk-harness';

const JSON_TYPE = 'application/json';

const reply: NeutralReply = {
  id: 'resp_r1',
  model: 'bench/core',
  created: 1_800_000_000,
  content: [
    { type: 'reasoning', text: 'Paris, then.', signature: 'enc-9', signatureFrom: 'openai-responses' },
    { type: 'text', text: 'Checking ' },
    { type: 'text', text: 'Paris.' },
    { type: 'tool-call', id: 'call_7', name: 'get_weather', arguments: '{"city":"Paris"}' },
  ],
  finishReason: 'tool-calls',
  usage: { inputTokens: 20, outputTokens: 9, reasoningTokens: 4, cachedInputTokens: 16 },
  extra: { bench: { collection: 'core', reply: 'route' } },
};

function body(of: NeutralReply): string {
  return JSON.stringify(openaiResponsesCodec.formatReply(of).value);
}

describe('replies we format, read by the openai SDK', () => {
  it('responses.create() reads text, reasoning, the tool call, usage and bench', async () => {
    const response = await openaiClient(answering(body(reply), JSON_TYPE)).responses.create({ model: 'bench/core', input: 'hi' });
    expect(response.output_text).toBe('Checking Paris.');
    expect(response.status).toBe('completed');
    expect(response.model).toBe('bench/core');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(response.output[0]).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Paris, then.' }], encrypted_content: 'enc-9' });
    expect(response.output[2]).toMatchObject({ type: 'function_call', call_id: 'call_7', name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect(response.usage).toMatchObject({
      input_tokens: 20,
      output_tokens: 9,
      total_tokens: 29,
      input_tokens_details: { cached_tokens: 16 },
      output_tokens_details: { reasoning_tokens: 4 },
    });
    expect((response as unknown as { bench: unknown }).bench).toEqual({ collection: 'core', reply: 'route' });
  });

  it('a length finish is an incomplete response with reason max_output_tokens', async () => {
    const cut: NeutralReply = { id: 'resp_c', model: 'm', content: [{ type: 'text', text: 'half' }], finishReason: 'length' };
    const response = await openaiClient(answering(body(cut), JSON_TYPE)).responses.create({ model: 'm', input: 'hi' });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });
});

describe('replies we format, read by the Vercel AI SDK', () => {
  it('generateText reads text, reasoning, the tool call, usage and the finish reason', async () => {
    const result = await generateText({
      model: aiSdkModel(answering(body(reply), JSON_TYPE)),
      prompt: 'hi',
      tools: { get_weather: tool({ inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }) }) },
    });
    expect(result.text).toBe('Checking Paris.');
    expect(result.reasoningText).toBe('Paris, then.');
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([['call_7', 'get_weather', { city: 'Paris' }]]);
    expect(result.finishReason).toBe('tool-calls');
    expect(result.usage.inputTokens).toBe(20);
    expect(result.usage.outputTokens).toBe(9);
    expect(result.usage.outputTokenDetails.reasoningTokens).toBe(4);
    expect(result.usage.inputTokenDetails.cacheReadTokens).toBe(16);
  });

  it('a content-filter finish reads as content-filter', async () => {
    const filtered: NeutralReply = { id: 'resp_f', model: 'm', content: [{ type: 'text', text: 'no' }], finishReason: 'content-filter' };
    const result = await generateText({ model: aiSdkModel(answering(body(filtered), JSON_TYPE)), prompt: 'hi' });
    expect(result.finishReason).toBe('content-filter');
  });
});

describe('formatReply', () => {
  it('warns about what a Responses reply cannot hold (images, cache-write tokens)', () => {
    const formatted = openaiResponsesCodec.formatReply({
      id: 'resp_w',
      model: 'm',
      content: [{ type: 'image', source: { kind: 'url', url: 'https://x.test/a.png' } }],
      finishReason: 'stop',
      usage: { inputTokens: 1, outputTokens: 1, cacheWriteTokens: 5 },
    });
    expect(formatted.warnings.map((warning) => warning.path)).toEqual(['content[0]', 'usage.cacheWriteTokens']);
    expect(formatted.value.output).toEqual([]);
  });

  it('echoes the answered request (instructions, tools, settings)', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'm',
      instructions: 'Be brief.',
      input: 'hi',
      temperature: 0.3,
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }],
    });
    const formatted = openaiResponsesCodec.formatReply({ id: 'resp_e', model: 'm', content: [], finishReason: 'stop' }, { request });
    expect(formatted.value).toMatchObject({ instructions: 'Be brief.', temperature: 0.3, tools: [{ type: 'function', name: 'f' }] });
  });

  it('parseReply reads what formatReply wrote', () => {
    const back = openaiResponsesCodec.parseReply(jsonOf(body(reply)));
    expect(back).toEqual({
      id: 'resp_r1',
      model: 'bench/core',
      created: 1_800_000_000,
      content: [
        { type: 'reasoning', text: 'Paris, then.', signature: 'enc-9', signatureFrom: 'openai-responses', extra: { id: 'rs_bench_r1_0' } },
        { type: 'text', text: 'Checking ' },
        { type: 'text', text: 'Paris.' },
        { type: 'tool-call', id: 'call_7', name: 'get_weather', arguments: '{"city":"Paris"}', extra: { id: 'fc_r1_2' } },
      ],
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      usage: reply.usage,
    });
  });
});
