import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalConversation } from '../__fixtures__/canonical-conversation';
import type { NeutralRequest } from '../neutral/request';
import { stripExtra } from './__fixtures__/strip-hints';
import { openaiChatCodec } from './openai-chat-codec';

const wire: unknown = JSON.parse(readFileSync(new URL('./__fixtures__/canonical-request.json', import.meta.url), 'utf8'));

describe('canonical-request.json', () => {
  it('parses into the canonical conversation, less the reasoning signature Chat Completions has no field for', () => {
    const parsed = openaiChatCodec.parseRequest(wire);
    expect(parsed.origin).toBe('openai-chat');
    // Dropped: the reasoning part's `signature` (no wire field). Ignored: `origin` and every `extra` (hints such as $content, $at, $maxTokensField).
    const expected: NeutralRequest = structuredClone(canonicalConversation);
    const assistant = expected.messages[1]!;
    assistant.content = assistant.content.map((part) =>
      part.type === 'reasoning' ? { type: 'reasoning', text: part.text } : part,
    ) as typeof assistant.content;
    expect(stripExtra(parsed)).toEqual(stripExtra(expected));
  });

  it('formats back to the same JSON', () => {
    const formatted = openaiChatCodec.formatRequest(openaiChatCodec.parseRequest(wire));
    expect(formatted.path).toBe('/chat/completions');
    expect(formatted.body).toEqual(wire);
    expect(formatted.warnings).toEqual([]);
  });

  it('formats the neutral conversation (no origin) with a warning for the signature only', () => {
    const formatted = openaiChatCodec.formatRequest(canonicalConversation);
    expect(formatted.body).toEqual(wire);
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages[1].content[0].signature' })]);
  });
});
