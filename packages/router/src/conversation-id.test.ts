import type { Message } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { conversationId, type FingerprintInput } from './conversation-id';

// A tool call in a user message cannot be typed, but the fingerprint covers every part kind it may meet.
const firstUser = {
  role: 'user',
  content: [
    { type: 'text', text: 'Fix the failing test — ünïcode and emoji 🧪 included.' },
    { type: 'image', source: { kind: 'url', url: 'https://example.test/a.png' } },
    {
      type: 'tool-result',
      callId: 'call_1',
      content: [
        { type: 'text', text: 'ok' },
        { type: 'image', source: { kind: 'url', url: 'x' } },
      ],
    },
    { type: 'tool-call', id: 'call_2', name: 'read', arguments: '{"path":"a.ts"}' },
  ],
} as unknown as Message;
const base: FingerprintInput = {
  collection: 'agents',
  keyName: 'team',
  system: [
    { type: 'text', text: 'You are a coding agent.' },
    { type: 'text', text: 'Be brief.' },
  ],
  sessionId: undefined,
  firstUser,
  normalizeSystem: undefined,
};

describe('conversationId', () => {
  // Ids live in shared stores (Redis) across upgrades and replicas of mixed versions: the digest of a given input must never change.
  it('is the same digest release after release', () => {
    expect(conversationId(base)).toBe('9puQngyGaTYRf8x2D-lZ_tEc3iCBC39iTwjFNe_o2Ck');
    expect(conversationId({ ...base, sessionId: 'session-123' })).toBe('jFUgnN-47kQ-1RKc9QpBj6G3TXuFbAdGXFMpxHi1-Zc');
    expect(conversationId({ ...base, system: [], firstUser: undefined })).toBe('cjRlmzGSTCgxHwATHCBsR8nGCojosHfh6gPVseF5rE0');
  });

  it('tells apart first messages that open with a document (a PDF) and differ after it, or in it', () => {
    const pdf = (data: string) => ({ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data } });
    const opening = (data: string, question: string) =>
      conversationId({ ...base, firstUser: { role: 'user', content: [pdf(data), { type: 'text', text: question }] } as Message });
    expect(opening('JVBERi0x', 'question one')).not.toBe(opening('JVBERi0x', 'question two'));
    expect(opening('JVBERi0x', 'question one')).not.toBe(opening('JVBERi0y', 'question one'));
    expect(opening('JVBERi0x', 'question one')).toBe(opening('JVBERi0x', 'question one'));
  });

  it('tells apart inputs whose fields only join to the same text', () => {
    const a = conversationId({ ...base, collection: 'ab', keyName: 'c' });
    const b = conversationId({ ...base, collection: 'a', keyName: 'bc' });
    expect(a).not.toBe(b);
    expect(conversationId({ ...base, normalizeSystem: (text) => text.toUpperCase() })).not.toBe(conversationId(base));
  });
});
