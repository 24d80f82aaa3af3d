import { anthropicCodec, geminiCodec, getCodec, openaiChatCodec, type NeutralRequest, type Protocol } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from './build-upstream-request';
import type { ModelTarget } from './model-target';

// What reasoning clients ask for with every turn: Claude Code thinking (adaptive, with an effort), Gemini CLI a
// thinking config. A member configured `reasoning: false` must get none of it.
const claudeCode = anthropicCodec.parseRequest({
  model: 'claude-opus-4-8',
  max_tokens: 32000,
  thinking: { type: 'adaptive' },
  output_config: { effort: 'high' },
  messages: [{ role: 'user', content: 'fix the test' }],
  stream: true,
});
const geminiCli = geminiCodec.parseRequest(
  {
    contents: [{ role: 'user', parts: [{ text: 'fix the test' }] }],
    generationConfig: { temperature: 1, topP: 0.95, thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 } },
  },
  { model: 'gemini-3-pro-preview', stream: true },
);
const codex = openaiChatCodec.parseRequest({ model: 'gpt-5.4', reasoning_effort: 'high', messages: [{ role: 'user', content: 'fix the test' }] });

const target = (api: Protocol, reasoning?: boolean, baseURL = 'http://127.0.0.1:9/v1', model = 'local-model'): ModelTarget => ({
  alias: 'member',
  api,
  baseURL,
  model,
  ...(reasoning === undefined ? {} : { reasoning }),
});
const built = (api: Protocol, request: NeutralRequest, reasoning?: boolean) => {
  const out = buildUpstreamRequest(getCodec(api), target(api, reasoning), request);
  return { body: JSON.parse(out.body) as Record<string, any>, warnings: out.warnings };
};
const REASONING_FIELDS: Record<Protocol, (body: Record<string, any>) => unknown> = {
  'openai-chat': (body) => body.reasoning_effort,
  'openai-responses': (body) => body.reasoning,
  anthropic: (body) => body.thinking ?? body.output_config?.effort,
  gemini: (body) => body.generationConfig?.thinkingConfig,
  ollama: (body) => body.think,
};

describe('a member configured not to reason (reasoning: false)', () => {
  for (const api of Object.keys(REASONING_FIELDS) as Protocol[]) {
    for (const [client, request] of [
      ['Claude Code', claudeCode],
      ['Gemini CLI', geminiCli],
      ['an effort', codex],
    ] as const) {
      // A Gemini thinking budget has no OpenAI Chat form: nothing is sent there to leave out.
      if (api === 'openai-chat' && request === geminiCli) continue;
      it(`gets no reasoning controls from ${client} over ${api}, with a warning`, () => {
        expect(REASONING_FIELDS[api](built(api, request).body)).toBeDefined(); // asked for, and sent when nothing is configured
        const { body, warnings } = built(api, request, false);
        expect(REASONING_FIELDS[api](body)).toBeUndefined();
        expect(warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'reasoning', message: expect.stringContaining('reasoning: false') }));
      });
    }
  }

  it('keeps the rest of Anthropic’s output_config', () => {
    const request = anthropicCodec.parseRequest({
      model: 'c',
      max_tokens: 100,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'low', format: { type: 'json_schema', schema: { type: 'object' } } },
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(built('anthropic', request, false).body.output_config).toEqual({ format: { type: 'json_schema', schema: { type: 'object' } } });
  });
});

describe('a member configured to reason (reasoning: true) at OpenAI’s hosts', () => {
  it('loses the sampling controls OpenAI refuses for reasoning models, though its deployment name does not tell', () => {
    const request = openaiChatCodec.parseRequest({ model: 'x', temperature: 0.2, top_p: 0.9, messages: [{ role: 'user', content: 'hi' }] });
    const azure = (reasoning?: boolean) =>
      JSON.parse(buildUpstreamRequest(openaiChatCodec, target('openai-chat', reasoning, 'https://acme.openai.azure.com/openai/v1', 'prod-main'), request).body);
    expect(azure()).toMatchObject({ temperature: 0.2, top_p: 0.9 });
    expect(azure(true).temperature).toBeUndefined();
    expect(azure(true).top_p).toBeUndefined();
  });
});
