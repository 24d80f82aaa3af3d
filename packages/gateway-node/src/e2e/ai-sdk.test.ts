import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText, type LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  // `agents` without mid-stream recovery, for the error after the 200.
  t = await startTestGateway({
    config: (base) => ({ ...base, collections: { ...base.collections, uncontinued: { ...base.collections.agents, continue: false } } }),
  });
});
afterAll(() => t.close());

/** The Vercel AI SDK's providers, each pointed at the gateway (opencode talks to gateways this way). */
const PROVIDERS = ['@ai-sdk/openai chat', '@ai-sdk/openai responses', '@ai-sdk/anthropic', '@ai-sdk/google'] as const;

function modelFor(provider: (typeof PROVIDERS)[number], model: string): LanguageModel {
  return Object.fromEntries(models(model))[provider]!;
}

function models(model: string): Array<[string, LanguageModel]> {
  const openai = createOpenAI({ baseURL: `${t.url}/v1`, apiKey: 'unused' });
  const anthropic = createAnthropic({ baseURL: `${t.url}/v1`, apiKey: 'unused' });
  const google = createGoogleGenerativeAI({ baseURL: `${t.url}/v1beta`, apiKey: 'unused' });
  return [
    ['@ai-sdk/openai chat', openai.chat(model)],
    ['@ai-sdk/openai responses', openai.responses(model)],
    ['@ai-sdk/anthropic', anthropic(model)],
    ['@ai-sdk/google', google(model.replace(/^bench\//, ''))],
  ];
}

describe('the Vercel AI SDK as a client', () => {
  it.each(PROVIDERS)('%s: generateText and streamText on a route, with reasoning', async (provider) => {
    const model = modelFor(provider, 'bench/agents');
    t.upstream.script('up-1', { answer: { reasoning: 'thinking it over', text: ['routed ', 'answer'] } });
    const generated = await generateText({ model, prompt: 'hello', maxRetries: 0 });
    expect(generated.text).toBe('routed answer');
    expect(generated.finishReason).toBe('stop');
    const streamed = streamText({ model, prompt: 'hello', maxRetries: 0 });
    expect(await streamed.text).toBe('routed answer');
    // @ai-sdk/openai's chat model reads no reasoning field at all (reasoning_content is not OpenAI's own); the others do.
    if (provider !== '@ai-sdk/openai chat') {
      expect(generated.reasoningText).toBe('thinking it over');
      expect(await streamed.reasoningText).toBe('thinking it over');
    }
  });

  it.each(PROVIDERS)('%s: a panel answer, streamed', async (provider) => {
    const model = modelFor(provider, 'bench/core');
    for (const upstream of ['up-1', 'up-2', 'up-3']) t.upstream.script(upstream, { answer: { text: `${upstream} panel` } });
    const streamed = streamText({ model, prompt: 'panel please', maxRetries: 0 });
    const text = await streamed.text;
    for (const upstream of ['up-1', 'up-2', 'up-3']) expect(text).toContain(`${upstream} panel`);
    expect(await streamed.finishReason).toBe('stop');
  });

  it.each(PROVIDERS)('%s: a member cut part way is finished by the next, and streamText reads one answer', async (provider) => {
    const model = modelFor(provider, 'bench/agents');
    t.upstream.script('up-1', { answer: { text: ['one ', 'two ', 'three'] }, cutAfterPieces: 1 });
    t.upstream.script('up-2', { answer: { text: ['one ', 'two ', 'three'] } });
    const streamed = streamText({ model, prompt: 'cut and continued', maxRetries: 0 });
    expect(await streamed.text).toBe('one two three');
    expect(await streamed.finishReason).toBe('stop');
  });

  it.each(PROVIDERS)('%s: with "continue": false, an error after the 200 surfaces as an error, not a finished answer', async (provider) => {
    const model = modelFor(provider, 'bench/uncontinued');
    t.upstream.clearRequests();
    t.upstream.script('up-1', { answer: { text: ['one ', 'two ', 'three'] }, cutAfterPieces: 1 });
    const parts: Array<{ type: string; finishReason?: string }> = [];
    for await (const part of streamText({ model, prompt: 'cut', maxRetries: 0, onError: () => undefined }).fullStream) parts.push(part as never);
    expect(parts.map((part) => part.type)).toContain('error');
    expect(parts.find((part) => part.type === 'finish')?.finishReason).not.toBe('stop');
    expect(t.upstream.requestsFor('up-2')).toHaveLength(0); // not continued by the next member
  });
});
