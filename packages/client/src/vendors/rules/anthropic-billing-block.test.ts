import { anthropicCodec } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// Claude Code's system, as it opens every request (the captures in ../shared/clients elide the text, not the shape).
const billing = { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.197.a3f; cc_entrypoint=cli; cch=36ee5;' };
const identity = { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude.", cache_control: { type: 'ephemeral' } };
const fromClaudeCode = anthropicCodec.parseRequest({
  model: 'claude-opus-4-8',
  max_tokens: 64000,
  system: [billing, identity],
  messages: [{ role: 'user', content: 'fix the flaky test' }],
  stream: true,
});
const systemSentTo = (baseURL: string) => {
  const target: ModelTarget = { alias: 'm', api: 'anthropic', baseURL, model: 'claude-opus-4-8' };
  return (JSON.parse(buildUpstreamRequest(anthropicCodec, target, fromClaudeCode).body) as { system: unknown }).system;
};

describe("Claude Code's billing block toward Anthropic Messages upstreams", () => {
  it("goes, first and unchanged, to Anthropic's own API", () => {
    expect(systemSentTo('https://api.anthropic.com/v1')).toEqual([billing, identity]);
  });

  it.each([
    'https://api.deepseek.com/anthropic',
    'https://api.moonshot.ai/anthropic',
    'https://openrouter.ai/api/v1',
    'http://127.0.0.1:8080/v1',
    'https://notanthropic.com/v1',
  ])('is left out for %s, whose prefix cache it would defeat; the rest of the system goes as sent', (baseURL) => {
    expect(systemSentTo(baseURL)).toEqual([identity]);
  });

  it('leaves the parsed request as it was (it may go to Anthropic next, after a failover)', () => {
    systemSentTo('https://api.deepseek.com/anthropic');
    expect(fromClaudeCode.extra.$billingHeader).toEqual(billing);
  });
});
