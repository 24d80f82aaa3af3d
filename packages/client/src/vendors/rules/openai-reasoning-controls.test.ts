import { anthropicCodec, geminiCodec, openaiChatCodec, openaiResponsesCodec, type Codec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

const OPENAI = 'https://api.openai.com/v1';
// What real clients send with every request (../shared/clients): Gemini CLI's sampling, opencode's, Claude Code's effort.
const geminiCli = geminiCodec.parseRequest(
  {
    contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    generationConfig: { temperature: 1, topP: 0.95, topK: 64, thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
  },
  { model: 'gemini-3.8-flash' },
);
const opencode = (effort: string) =>
  openaiResponsesCodec.parseRequest({ model: 'gpt-5.4-nano', input: 'hi', temperature: 0.5, reasoning: { effort, summary: 'auto' } });
const claudeCode = anthropicCodec.parseRequest({
  model: 'claude-opus-4-8',
  max_tokens: 64000,
  thinking: { type: 'adaptive' },
  output_config: { effort: 'high' },
  messages: [{ role: 'user', content: 'hi' }],
});
const codex = openaiResponsesCodec.parseRequest({
  model: 'gpt-5.4',
  input: 'hi',
  store: false,
  reasoning: { summary: 'auto' },
  include: ['reasoning.encrypted_content'],
});
const openaiChat = openaiChatCodec.parseRequest({
  model: 'x',
  messages: [{ role: 'user', content: 'hi' }],
  temperature: 0.2,
  top_p: 0.9,
  presence_penalty: 0.5,
  frequency_penalty: 0.5,
  logit_bias: { '42': 1 },
});

const codecs: Record<string, Codec> = { 'openai-chat': openaiChatCodec, 'openai-responses': openaiResponsesCodec };

function build(api: 'openai-chat' | 'openai-responses', model: string, request: NeutralRequest, baseURL = OPENAI) {
  const target: ModelTarget = { alias: 'm', api, baseURL, model };
  const built = buildUpstreamRequest(codecs[api]!, target, request);
  return { body: JSON.parse(built.body) as Record<string, unknown>, warnings: built.warnings.map((w) => w.message).join('\n') };
}

describe('sampling controls for OpenAI reasoning models', () => {
  it.each([
    ['openai-chat', 'gpt-5.4'],
    ['openai-responses', 'gpt-5.4'],
    ['openai-chat', 'o3'],
    ['openai-responses', 'o4-mini'],
    ['openai-chat', 'gpt-5.4-codex'],
  ] as const)("%s %s: Gemini CLI's temperature and topP are left out, with a warning; the effort stays", (api, model) => {
    const { body, warnings } = build(api, model, geminiCli);
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(api === 'openai-chat' ? body.reasoning_effort : (body.reasoning as { effort: string }).effort).toBe('high');
    expect(warnings).toMatch(/temperature, top_p left out: .* reasons/);
  });

  it('leaves out every sampling control OpenAI refuses for a reasoning model', () => {
    const { body } = build('openai-chat', 'gpt-5.4', openaiChat);
    for (const key of ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'logit_bias']) expect(body).not.toHaveProperty(key);
  });

  it('keeps them when reasoning is off (effort "none"), as opencode sends it', () => {
    expect(build('openai-responses', 'gpt-5.4-nano', opencode('none')).body.temperature).toBe(0.5);
    expect(build('openai-responses', 'gpt-5.4-nano', opencode('medium')).body).not.toHaveProperty('temperature');
  });

  it.each(['gpt-5-chat-latest', 'gpt-4.1', 'my-azure-deployment'])('keeps them for %s, which is not a reasoning model (or not known as one)', (model) => {
    const { body, warnings } = build('openai-chat', model, openaiChat, model === 'my-azure-deployment' ? 'https://team.openai.azure.com/openai/v1' : OPENAI);
    expect(body).toMatchObject({ temperature: 0.2, top_p: 0.9, presence_penalty: 0.5 });
    expect(warnings).not.toMatch(/left out/);
  });

  it.each(['http://127.0.0.1:8000/v1', 'https://openrouter.ai/api/v1'])("sends them as written to %s, which is not OpenAI's own API", (baseURL) => {
    expect(build('openai-chat', 'gpt-5.4', geminiCli, baseURL).body).toMatchObject({ temperature: 1, top_p: 0.95 });
  });
});

describe('reasoning controls for OpenAI models that do not reason', () => {
  it.each(['gpt-4.1', 'gpt-4o-mini', 'chatgpt-4o-latest', 'gpt-5-chat-latest', 'ft:gpt-4o-mini-2024-07-18:org::abc'])(
    "%s: Claude Code's effort is left out, Chat and Responses",
    (model) => {
      const chat = build('openai-chat', model, claudeCode);
      expect(chat.body).not.toHaveProperty('reasoning_effort');
      expect(chat.warnings).toMatch(/reasoning_effort left out: .* does not reason/);
      expect(build('openai-responses', model, claudeCode).body).not.toHaveProperty('reasoning');
    },
  );

  it("Codex's request for encrypted reasoning is left out too, other includes stay", () => {
    expect(build('openai-responses', 'gpt-4.1', codex).body).not.toHaveProperty('include');
    const more = openaiResponsesCodec.parseRequest({ model: 'gpt-5.4', input: 'hi', include: ['reasoning.encrypted_content', 'message.output_text.logprobs'] });
    expect(build('openai-responses', 'gpt-4.1', more).body.include).toEqual(['message.output_text.logprobs']);
  });

  it('a reasoning model keeps them', () => {
    expect(build('openai-responses', 'gpt-5.4', codex).body).toMatchObject({ reasoning: { summary: 'auto' }, include: ['reasoning.encrypted_content'] });
    expect(build('openai-chat', 'gpt-5.4', claudeCode).body.reasoning_effort).toBe('high');
  });
});
