import { describe, expect, it } from 'vitest';
import { canonicalConversation } from './__fixtures__/canonical-conversation';
import { estimateTokens } from './estimate-tokens';

describe('estimateTokens', () => {
  it('counts about four characters a token, plus a cost per message', () => {
    const text = 'x'.repeat(400);
    expect(estimateTokens({ system: [], messages: [{ role: 'user', content: [{ type: 'text', text }] }] })).toBe(104);
  });

  it('charges a fixed cost for an image whatever its data size', () => {
    const withImage = (data: string) =>
      estimateTokens({
        system: [],
        messages: [{ role: 'user', content: [{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data } }] }],
      });
    expect(withImage('a')).toBe(withImage('a'.repeat(100_000)));
    expect(withImage('a')).toBeGreaterThan(1000);
  });

  it('charges a fixed cost for a file (a document), in a message or in a tool result', () => {
    const file = { type: 'file' as const, source: { kind: 'url' as const, url: 'https://x.test/a.pdf' } };
    const text = { type: 'text' as const, text: '' };
    const inMessage = estimateTokens({ system: [], messages: [{ role: 'user', content: [file] }] });
    expect(inMessage - estimateTokens({ system: [], messages: [{ role: 'user', content: [text] }] })).toBeGreaterThan(1000);
    const inToolResult = estimateTokens({ system: [], messages: [{ role: 'tool', content: [{ type: 'tool-result', callId: 'c', content: [file] }] }] });
    expect(inToolResult).toBe(inMessage);
  });

  it('counts system text, tool calls, tool results and tool schemas', () => {
    const base = { system: [], messages: [] };
    expect(estimateTokens({ ...base, system: [{ type: 'text', text: 'y'.repeat(40) }] })).toBe(10);
    const withTools = estimateTokens({ ...base, tools: canonicalConversation.tools });
    expect(withTools).toBeGreaterThan(30);
    const all = estimateTokens(canonicalConversation);
    const withoutToolResult = estimateTokens({
      ...canonicalConversation,
      messages: canonicalConversation.messages.filter((m) => m.role !== 'tool'),
    });
    expect(all).toBeGreaterThan(withoutToolResult);
  });
});
