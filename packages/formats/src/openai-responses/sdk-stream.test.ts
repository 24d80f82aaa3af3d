import { jsonSchema, streamText, tool } from 'ai';
import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../neutral/stream-event';
import { jsonOf } from './read-fixture';
import { aiSdkModel, answering, encodeAll, openaiClient } from './sdk-harness';

const SSE = 'text/event-stream';

/** A turn with reasoning (and its encrypted content), text, a tool call split across deltas, usage and `bench`. */
const turn: StreamEvent[] = [
  { type: 'start', id: 'resp_abc', model: 'gpt-test', created: 1_800_000_000 },
  { type: 'reasoning-delta', text: 'Thinking about ' },
  { type: 'reasoning-delta', text: 'Paris.' },
  { type: 'reasoning-delta', text: '', signature: 'enc-123' },
  { type: 'text-delta', text: 'Let me ' },
  { type: 'text-delta', text: 'check.' },
  { type: 'tool-call-start', id: 'call_1', name: 'get_weather' },
  { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '"Paris"}' },
  { type: 'tool-call-end', id: 'call_1' },
  {
    type: 'finish',
    reason: 'tool-calls',
    usage: { inputTokens: 50, outputTokens: 30, reasoningTokens: 12, cachedInputTokens: 8 },
    extra: { bench: { call: 'c1', reply: 'route' } },
  },
];

const weatherTool = tool({
  description: 'Current weather',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
});

describe('streams we encode, read by the openai SDK', () => {
  it('responses.stream().finalResponse() accumulates text, reasoning, the tool call, usage and bench', async () => {
    const client = openaiClient(answering(encodeAll(turn), SSE));
    const stream = client.responses.stream({ model: 'gpt-test', input: 'hi' });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const response = await stream.finalResponse();
    expect(deltas.join('')).toBe('Let me check.');
    expect(response.id).toBe('resp_abc');
    expect(response.status).toBe('completed');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    const [reasoning, , call] = response.output;
    expect(reasoning).toMatchObject({ summary: [{ type: 'summary_text', text: 'Thinking about Paris.' }], encrypted_content: 'enc-123' });
    expect(call).toMatchObject({ call_id: 'call_1', name: 'get_weather' });
    expect(jsonOf((call as { arguments: string }).arguments)).toEqual({ city: 'Paris' });
    expect(response.usage).toMatchObject({
      input_tokens: 50,
      output_tokens: 30,
      total_tokens: 80,
      input_tokens_details: { cached_tokens: 8 },
      output_tokens_details: { reasoning_tokens: 12 },
    });
    expect((response as unknown as { bench: unknown }).bench).toEqual({ call: 'c1', reply: 'route' });
  });

  it('responses.create({stream: true}) yields the full event sequence with increasing sequence numbers', async () => {
    const client = openaiClient(answering(encodeAll(turn), SSE));
    const stream = await client.responses.create({ model: 'gpt-test', input: 'hi', stream: true });
    const types: string[] = [];
    const numbers: number[] = [];
    for await (const event of stream) {
      types.push(event.type);
      numbers.push(event.sequence_number);
    }
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toEqual(
      expect.arrayContaining([
        'response.output_item.added',
        'response.reasoning_summary_part.added',
        'response.reasoning_summary_text.delta',
        'response.reasoning_summary_text.done',
        'response.content_part.added',
        'response.output_text.done',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done',
      ]),
    );
    expect(numbers).toEqual(numbers.map((_, index) => index));
  });

  it('an in-stream error makes the SDK throw with its message', async () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'resp_e', model: 'gpt-test' },
      { type: 'text-delta', text: 'partial' },
      { type: 'error', error: { kind: 'rate-limit', message: 'every member is rate limited' } },
    ];
    const client = openaiClient(answering(encodeAll(events), SSE));
    const stream = await client.responses.create({ model: 'gpt-test', input: 'hi', stream: true });
    const seen: string[] = [];
    const consume = async () => {
      for await (const event of stream) seen.push(event.type);
    };
    await expect(consume()).rejects.toThrow(APIError);
    await expect(
      openaiClient(answering(encodeAll(events), SSE))
        .responses.stream({ model: 'gpt-test', input: 'hi' })
        .finalResponse(),
    ).rejects.toThrow(/every member is rate limited/);
    expect(seen).toContain('response.output_text.delta');
  });

  it('a cut stream (no finish) ends in an error the SDK throws, never a finished answer', async () => {
    const client = openaiClient(answering(encodeAll(turn.slice(0, 5)), SSE));
    await expect(client.responses.stream({ model: 'gpt-test', input: 'hi' }).finalResponse()).rejects.toThrow(/ended before/);
  });
});

describe('streams we encode, read by the Vercel AI SDK', () => {
  it('streamText gets text, reasoning, the tool call, usage and the finish reason', async () => {
    const result = streamText({ model: aiSdkModel(answering(encodeAll(turn), SSE)), prompt: 'hi', tools: { get_weather: weatherTool } });
    expect(await result.text).toBe('Let me check.');
    expect(await result.reasoningText).toBe('Thinking about Paris.');
    const [reasoning] = await result.reasoning;
    expect(reasoning?.providerMetadata?.openai).toMatchObject({ itemId: 'rs_bench_abc_0', reasoningEncryptedContent: 'enc-123' });
    const calls = await result.toolCalls;
    expect(calls.map((call) => ({ id: call.toolCallId, name: call.toolName, input: call.input }))).toEqual([
      { id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(50);
    expect(usage.outputTokens).toBe(30);
    expect(usage.outputTokenDetails.reasoningTokens).toBe(12);
    expect(usage.inputTokenDetails.cacheReadTokens).toBe(8);
  });

  it('a length finish reads as length', async () => {
    const events: StreamEvent[] = [
      { type: 'text-delta', text: 'cut sho' },
      { type: 'finish', reason: 'length', usage: { inputTokens: 3, outputTokens: 5 } },
    ];
    const result = streamText({ model: aiSdkModel(answering(encodeAll(events, { id: 'resp_l', model: 'gpt-test' }), SSE)), prompt: 'hi' });
    expect(await result.text).toBe('cut sho');
    expect(await result.finishReason).toBe('length');
  });

  it.each([
    ['before any output', [] as StreamEvent[]],
    ['after some text', [{ type: 'text-delta', text: 'partial' }] as StreamEvent[]],
  ])('an in-stream error %s reaches streamText as an error', async (_when, before) => {
    const events: StreamEvent[] = [...before, { type: 'error', error: { kind: 'upstream', message: 'upstream failed: 502' } }];
    const errors: unknown[] = [];
    const result = streamText({
      model: aiSdkModel(answering(encodeAll(events), SSE)),
      prompt: 'hi',
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect(String(errors[0]) + JSON.stringify(errors[0])).toContain('upstream failed: 502');
  });
});
