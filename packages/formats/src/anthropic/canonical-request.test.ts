import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalConversation, signedBy } from '../__fixtures__/canonical-conversation';
import type { Message } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import { anthropicCodec } from './anthropic-codec';

const canonical: unknown = JSON.parse(readFileSync(new URL('./__fixtures__/canonical-request.json', import.meta.url), 'utf8'));

/**
 * What Anthropic cannot hold of the canonical conversation, and how it holds the rest:
 * - a `tool` message is a `user` turn of tool_result blocks;
 * - a tool result carries no tool name (Anthropic matches it by tool_use_id);
 * - the parsed request has `origin: 'anthropic'`. This fixture carries no `extra` or `$` hints.
 */
function asAnthropicHoldsIt(request: NeutralRequest): NeutralRequest {
  const messages: Message[] = request.messages.map((message) =>
    message.role === 'tool' ? { role: 'user', content: message.content.map(({ name: _name, ...part }) => part) } : message,
  );
  return { ...request, origin: 'anthropic', messages };
}

describe('__fixtures__/canonical-request.json', () => {
  it('parses into the canonical conversation', () => {
    expect(anthropicCodec.parseRequest(canonical)).toEqual(signedBy(asAnthropicHoldsIt(canonicalConversation), 'anthropic'));
  });

  it('formats back to the same JSON', () => {
    const formatted = anthropicCodec.formatRequest(anthropicCodec.parseRequest(canonical));
    expect(formatted.body).toEqual(canonical);
    expect(formatted.warnings).toEqual([]);
  });

  it('is what the neutral canonical conversation formats to, but for top_p beside the temperature (sampling-guard.ts)', () => {
    const formatted = anthropicCodec.formatRequest(canonicalConversation);
    const { top_p: _topP, ...withoutTopP } = canonical as Record<string, unknown>;
    expect(formatted).toEqual({ path: '/messages', body: withoutTopP, warnings: [expect.objectContaining({ code: 'dropped', path: 'topP' })] });
  });
});
