import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { NeutralReply } from '../neutral/reply';
import type { StreamEvent } from '../neutral/stream-event';
import { geminiCodec } from './gemini-codec';

/** The Vercel AI SDK's Google provider as a second judge, through a custom fetch that returns our bytes. */

interface Sent {
  url: string;
  body: unknown;
}

function providerAnswering(answer: () => Response, sent: Sent[]) {
  return createGoogleGenerativeAI({
    apiKey: 'k',
    baseURL: 'http://gateway.test/v1beta',
    fetch: async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)) as unknown });
      return answer();
    },
  });
}

const weatherTool = tool({
  description: 'Weather for a city',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  }),
});

describe('Vercel AI SDK (@ai-sdk/google)', () => {
  it('generateText reads our reply: text, reasoning, tool call, usage, finish reason', async () => {
    const reply: NeutralReply = {
      id: 'r',
      model: 'bench/core',
      content: [
        { type: 'reasoning', text: 'Consider Paris.' },
        { type: 'text', text: 'On it.' },
        { type: 'tool-call', id: 'call_3', name: 'weather', arguments: '{"city":"Paris"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 30, outputTokens: 12, reasoningTokens: 5, cachedInputTokens: 10 },
    };
    const sent: Sent[] = [];
    const google = providerAnswering(
      () => new Response(JSON.stringify(geminiCodec.formatReply(reply).value), { headers: { 'content-type': 'application/json' } }),
      sent,
    );
    const result = await generateText({ model: google('bench-core'), prompt: 'Weather in Paris?', tools: { weather: weatherTool } });
    expect(result.text).toBe('On it.');
    expect(result.reasoningText).toBe('Consider Paris.');
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['weather', { city: 'Paris' }]]);
    expect(result.finishReason).toBe('tool-calls');
    expect(result.usage.inputTokens).toBe(30);
    expect(result.usage.outputTokens).toBe(12);
    expect(result.usage.outputTokenDetails.reasoningTokens).toBe(5);
    expect(result.usage.inputTokenDetails.cacheReadTokens).toBe(10);
    // what the AI SDK sent parses too, its tool included
    expect(sent[0]?.url).toBe('http://gateway.test/v1beta/models/bench-core:generateContent');
    const request = geminiCodec.parseRequest(sent[0]?.body, { model: 'bench-core' });
    expect(request.tools?.map((t) => t.name)).toEqual(['weather']);
    expect(request.tools?.[0]?.inputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } });
    expect(geminiCodec.formatRequest(request).body).toEqual(sent[0]?.body);
  });

  it('streamText reads our stream', async () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 's', model: 'bench/core' },
      { type: 'reasoning-delta', text: 'Hmm.' },
      { type: 'text-delta', text: 'Sun' },
      { type: 'text-delta', text: 'ny.' },
      { type: 'tool-call-start', id: 'call_1', name: 'weather' },
      { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '{"city":"Rome"}' },
      { type: 'tool-call-end', id: 'call_1' },
      { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 8, outputTokens: 6, reasoningTokens: 2 } },
    ];
    const encoder = geminiCodec.createStreamEncoder();
    const body = events.map((e) => encoder.encode(e)).join('') + encoder.end();
    const sent: Sent[] = [];
    const google = providerAnswering(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }), sent);
    const result = streamText({ model: google('bench-core'), prompt: 'Weather?', tools: { weather: weatherTool } });
    expect(await result.text).toBe('Sunny.');
    expect(await result.reasoningText).toBe('Hmm.');
    expect((await result.toolCalls).map((c) => [c.toolName, c.input])).toEqual([['weather', { city: 'Rome' }]]);
    expect(await result.finishReason).toBe('tool-calls');
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens, usage.outputTokenDetails.reasoningTokens]).toEqual([8, 6, 2]);
    expect(sent[0]?.url).toBe('http://gateway.test/v1beta/models/bench-core:streamGenerateContent?alt=sse');
  });

  it('streamText surfaces an in-stream error', async () => {
    const encoder = geminiCodec.createStreamEncoder({ model: 'm' });
    const body = encoder.encode({ type: 'text-delta', text: 'a' }) + encoder.encode({ type: 'error', error: { kind: 'upstream', message: 'seat failed' } });
    const google = providerAnswering(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }), []);
    const errors: unknown[] = [];
    const result = streamText({ model: google('bench-core'), prompt: 'x', onError: ({ error }) => void errors.push(error) });
    await result.consumeStream();
    expect(await result.finishReason).not.toBe('stop');
    expect(errors.length).toBeGreaterThan(0);
  });
});
