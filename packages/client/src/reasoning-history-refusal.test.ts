import type { NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { ask, readAll, target, useClientAndUpstream } from './test-helpers';

// A conversation a reasoning member started (its reasoning kept as reasoning_content) reaches a strict
// OpenAI-compatible server that has no such field (Groq and Cerebras say "property '…reasoning_content' is unsupported").
const fixture = useClientAndUpstream();

const afterReasoning = (): NeutralRequest => {
  const request = ask('and now?');
  request.messages = [
    { role: 'user', content: [{ type: 'text', text: 'what is in a.txt?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Read it first.' },
        { type: 'text', text: 'It says hello.' },
      ],
    },
    ...request.messages,
  ];
  return request;
};
const refuse = (message: string) => ({ error: { status: 400, error: { kind: 'invalid-request' as const, message } } });
const sentReasoning = () =>
  fixture.upstream.requestsFor('strict').map((request) => (request.body as { messages: Array<{ reasoning_content?: string }> }).messages[1]?.reasoning_content);

describe('a member that refuses the reasoning of earlier turns', () => {
  it('is asked again without it, remembered for the next turns, and the result says so', async () => {
    const strict = target(fixture.upstream, 'strict');
    fixture.upstream.script('strict', [
      refuse("messages.1.assistant.reasoning_content: property 'messages.1.assistant.reasoning_content' is unsupported"),
      { answer: { text: 'One.' } },
      { answer: { text: 'Two.' } },
    ]);
    const first = (await readAll(fixture.client.call(strict, afterReasoning()))).result;
    expect(first).toMatchObject({ ok: true, text: 'One.' });
    expect(first.warnings).toContainEqual(
      expect.objectContaining({ path: 'messages', message: expect.stringContaining('refused the reasoning of earlier turns') }),
    );
    const second = (await readAll(fixture.client.call(strict, afterReasoning()))).result;
    expect(second).toMatchObject({ ok: true, text: 'Two.' });
    expect(second.attempts).toHaveLength(1);
    expect(second.warnings).toContainEqual(expect.objectContaining({ message: expect.stringContaining('on an earlier turn') }));
    expect(sentReasoning()).toEqual(['Read it first.', undefined, undefined]);
  });

  it('is not asked again when the server asks for the field (DeepSeek), or refuses something else', async () => {
    const strict = target(fixture.upstream, 'strict');
    fixture.upstream.script('strict', refuse('Missing `reasoning_content` field in the assistant message at message index 1'));
    expect((await readAll(fixture.client.call(strict, afterReasoning()))).result).toMatchObject({ ok: false });
    fixture.upstream.script('strict', refuse("property 'messages.1.name' is unsupported"));
    expect((await readAll(fixture.client.call(strict, afterReasoning()))).result).toMatchObject({ ok: false });
    expect(fixture.upstream.requestsFor('strict')).toHaveLength(2);
  });
});
