import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './start-fake-upstream';
import { chatBody, decodeAll, post } from './test-helpers';

let upstream: FakeUpstream;
let chat: string;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  chat = `${upstream.baseURL('openai-chat')}/chat/completions`;
});
afterEach(async () => {
  await upstream.close();
});

const whole = 'The quick brown fox jumps over the lazy dog.';
const prefilled = (prefill: string) =>
  chatBody('m1', {
    messages: [
      { role: 'user', content: 'Say it.' },
      { role: 'assistant', content: prefill },
    ],
  });
const textOf = (body: string) =>
  decodeAll('openai-chat', body)
    .events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : []))
    .join('');

describe('a prefilled request (its last message the assistant’s)', () => {
  it.each([
    ['continue' as const, ' fox jumps over the lazy dog.'],
    ['restart' as const, whole],
    [{ overlap: 6 }, ' brown fox jumps over the lazy dog.'],
  ])('is answered as `prefill: %j` says', async (prefill, expected) => {
    upstream.script('m1', { answer: { text: whole }, prefill });
    const { status, text } = await post(chat, prefilled('The quick brown'));
    expect(status).toBe(200);
    expect(textOf(text)).toBe(expected);
  });

  it('is refused with a 400 by `prefill: refuse`, while a request without one is answered whole', async () => {
    upstream.script('m1', { answer: { text: whole }, prefill: 'refuse' });
    const refused = await post(chat, prefilled('The quick'));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('does not support assistant message prefill');
    const plain = await post(chat, chatBody('m1'));
    expect(textOf(plain.text)).toBe(whole);
  });
});

describe('an error event part way', () => {
  it('comes after the pieces before it, and ends the stream', async () => {
    upstream.script('m1', { answer: { text: ['a ', 'b ', 'c'] }, errorAfterPieces: 2 });
    const { text } = await post(chat, chatBody('m1'));
    const { events } = decodeAll('openai-chat', text);
    expect(events.filter((e) => e.type !== 'start').map((e) => (e.type === 'text-delta' ? e.text : e.type))).toEqual(['a ', 'b ', 'error']);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { message: 'Overloaded' } });
  });
});
