import Anthropic from '@anthropic-ai/sdk';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFile } from './test-support/config-file';
import { startCli, type RunningCli } from './test-support/run-cli';

describe('a request with nothing to answer is a 400 naming the field, in every protocol, and reaches no member', () => {
  let upstream: FakeUpstream;
  let cli: RunningCli;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ models: { 'up-1': { answer: { text: 'one' } } } });
    const path = configFile({
      ledger: 'memory:',
      providers: { up: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
      models: { m1: { provider: 'up', model: 'up-1', tools: true, vision: false } },
      collections: { core: { members: ['m1'], reply: 'route' } },
    });
    cli = await startCli(['--config', path, '--port', '0']);
  });
  afterAll(async () => {
    await cli?.stop();
    await upstream?.close();
  });

  it('OpenAI Chat and Responses, through the OpenAI SDK', async () => {
    const openai = new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const chat = await openai.chat.completions.create({ model: 'bench/core', messages: [] }).catch((error: unknown) => error);
    expect(chat).toBeInstanceOf(OpenAI.BadRequestError);
    expect((chat as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/messages: the request has nothing to answer/);
    const responses = await openai.responses.create({ model: 'bench/core', input: [] }).catch((error: unknown) => error);
    expect(responses).toBeInstanceOf(OpenAI.BadRequestError);
    expect((responses as Error).message).toMatch(/input: the request has nothing to answer/);
  });

  it('Anthropic Messages, through the Anthropic SDK', async () => {
    const anthropic = new Anthropic({ baseURL: cli.url, apiKey: 'unused', maxRetries: 0 });
    const error = await anthropic.messages.create({ model: 'bench/core', max_tokens: 10, messages: [] }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as Error).message).toMatch(/messages: the request has nothing to answer/);
  });

  it('Gemini and Ollama, over raw HTTP', async () => {
    const gemini = await fetch(`${cli.url}/v1beta/models/core:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [] }),
    });
    expect(gemini.status).toBe(400);
    expect(((await gemini.json()) as { error: { message: string } }).error.message).toMatch(/contents: the request has nothing to answer/);
    const ollama = await fetch(`${cli.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/core', messages: [], stream: false }),
    });
    expect(ollama.status).toBe(400);
    expect(((await ollama.json()) as { error: string }).error).toMatch(/messages: the request has nothing to answer/);
    const generate = await fetch(`${cli.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench/core', prompt: '', stream: false }),
    });
    expect(generate.status).toBe(400);
  });

  it('none of them reached the member', () => {
    expect(upstream.requests).toHaveLength(0);
  });
});
