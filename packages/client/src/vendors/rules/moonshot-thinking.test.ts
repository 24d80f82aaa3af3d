import { anthropicCodec, openaiChatCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// Claude Code asks for an effort with every turn; a Kimi member configured with thinking off (or on).
const fromClaudeCode = anthropicCodec.parseRequest({
  model: 'claude-opus-4-8',
  max_tokens: 4096,
  thinking: { type: 'adaptive' },
  output_config: { effort: 'high' },
  messages: [{ role: 'user', content: 'fix the test' }],
});
const kimi = (baseURL: string, thinking: unknown): ModelTarget => ({ alias: 'kimi', api: 'openai-chat', baseURL, model: 'kimi-k2.6', options: { thinking } });
const sent = (target: ModelTarget) => {
  const built = buildUpstreamRequest(openaiChatCodec, target, fromClaudeCode);
  return { body: JSON.parse(built.body) as Record<string, unknown>, warnings: built.warnings };
};

describe('thinking and an effort toward Moonshot (which refuses both in one request)', () => {
  it.each([{ type: 'disabled' }, { type: 'enabled' }])('keeps the model’s thinking %j and leaves the caller’s effort out, with a warning', (thinking) => {
    const { body, warnings } = sent(kimi('https://api.moonshot.ai/v1', thinking));
    expect(body.thinking).toEqual(thinking);
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'reasoning', message: expect.stringContaining('Moonshot refuses both') }));
  });

  it('sends both to any other server, and the effort alone to Moonshot when the model sets no thinking', () => {
    expect(sent(kimi('https://api.deepseek.com', { type: 'enabled' })).body).toMatchObject({
      thinking: { type: 'enabled' },
      reasoning_effort: expect.any(String),
    });
    const plain: ModelTarget = { alias: 'kimi', api: 'openai-chat', baseURL: 'https://api.moonshot.cn/v1', model: 'kimi-k2.6' };
    expect(sent(plain).body).toMatchObject({ reasoning_effort: expect.any(String) });
  });
});
