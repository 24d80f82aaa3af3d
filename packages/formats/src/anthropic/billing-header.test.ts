import { describe, expect, it } from 'vitest';
import { geminiCodec } from '../gemini/gemini-codec';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from '../openai-responses/openai-responses-codec';
import { anthropicCodec } from './anthropic-codec';

// Claude Code's request shape: a billing block whose values change every request, then its prompt (cache_control on both).
const billing = (cch: string) => ({ type: 'text', text: `x-anthropic-billing-header: cc_version=2.1.197.a3f; cc_entrypoint=cli; cch=${cch};` });
const claudeCode = (cch: string) => ({
  model: 'claude-opus-4-8',
  max_tokens: 32000,
  stream: true,
  system: [
    billing(cch),
    { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude.", cache_control: { type: 'ephemeral' } },
    { type: 'text', text: 'The main prompt.', cache_control: { type: 'ephemeral' } },
  ],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'say hi' }] }],
});

describe("Claude Code's billing-header system block", () => {
  it('is not system text: two requests that differ only in it parse to the same system', () => {
    const one = anthropicCodec.parseRequest(claudeCode('36ee5'));
    const two = anthropicCodec.parseRequest(claudeCode('0aaa9'));
    expect(one.system.map((part) => part.text)).toEqual(["You are Claude Code, Anthropic's official CLI for Claude.", 'The main prompt.']);
    expect(two.system).toEqual(one.system);
  });

  it('goes back unchanged, first, to an Anthropic upstream', () => {
    const body = claudeCode('36ee5');
    const formatted = anthropicCodec.formatRequest(anthropicCodec.parseRequest(body));
    expect(formatted.body).toEqual(body);
    expect(formatted.warnings).toEqual([]);
  });

  it('goes back when it is the only system block', () => {
    const body = { ...claudeCode('36ee5'), system: [billing('36ee5')] };
    expect(anthropicCodec.formatRequest(anthropicCodec.parseRequest(body)).body).toEqual(body);
  });

  it.each([
    ['OpenAI Chat', openaiChatCodec],
    ['OpenAI Responses', openaiResponsesCodec],
    ['Gemini', geminiCodec],
  ])('does not reach %s upstreams, and is no warning there', (_name, codec) => {
    const formatted = codec.formatRequest(anthropicCodec.parseRequest(claudeCode('36ee5')));
    const wire = JSON.stringify(formatted.body);
    expect(wire).not.toContain('x-anthropic-billing-header');
    expect(wire).not.toContain('$billingHeader');
    expect(wire).toContain('The main prompt.');
    expect(formatted.warnings.filter((warning) => JSON.stringify(warning).includes('billing'))).toEqual([]);
  });

  it('only the first block, only a one-line header: other text that mentions it stays system text', () => {
    const later = anthropicCodec.parseRequest({ ...claudeCode('x'), system: [{ type: 'text', text: 'Prompt.' }, billing('x')] });
    expect(later.system.map((part) => part.text)).toEqual(['Prompt.', billing('x').text]);
    const multiline = anthropicCodec.parseRequest({ ...claudeCode('x'), system: [{ type: 'text', text: `${billing('x').text}\nYou are Claude Code.` }] });
    expect(multiline.system).toHaveLength(1);
  });
});
