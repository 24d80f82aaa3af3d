import type { Protocol } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { expectOneAnswer, prefillSent, WHOLE, words } from './recovery-test-helpers';
import { ask, target, useClientAndUpstream } from './test-helpers';

const fixture = useClientAndUpstream();

// Anthropic, Gemini and Ollama continue a last assistant message; OpenAI Chat (but DeepSeek's) and Responses do not.
const PROTOCOLS: Array<[Protocol, boolean]> = [
  ['openai-chat', false],
  ['openai-responses', false],
  ['anthropic', true],
  ['gemini', true],
  ['ollama', true],
];

describe.each(PROTOCOLS)('a %s stream cut after its first pieces', (api, prefills) => {
  // Retried: on a loaded 2-core machine the first member's 500 ms first-token timeout can run out for want of CPU.
  it('is finished by the next member: the caller gets the whole answer once, then one finish', { retry: 2 }, async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    // Asked with a prefill it continues the answer; asked without one it answers again from the start.
    upstream.script('m2', { answer: { text: words(WHOLE), usage: { inputTokens: 30, outputTokens: 9 } }, prefill: 'continue' });
    const run = client.failover([target(upstream, 'm1', { api }), target(upstream, 'm2', { api })], ask());
    expect(await run.committed).toMatchObject({ ok: true, alias: 'm1' });
    const { result, events } = await expectOneAnswer(run, WHOLE);
    expect(events.at(-1)).toMatchObject({ type: 'finish', usage: { inputTokens: 30, outputTokens: 9 } });
    expect(result.continued).toEqual([
      {
        alias: 'm2',
        from: 'm1',
        after: 'The quick brown '.length,
        why: expect.stringContaining('m1:'),
        prefilled: prefills,
        dropped: prefills ? 1 : 'The quick brown '.length,
      },
    ]);
    expect(result.attempts.map((a) => [a.alias, a.ok, a.textChars, a.continues])).toEqual([
      ['m1', false, 'The quick brown '.length, undefined],
      ['m2', true, WHOLE.length - 'The quick brown '.length, 'm1'],
    ]);
    expect(result.attempts[1]?.usage).toMatchObject({ inputTokens: 30, outputTokens: 9 });
    expect(result.attempts[0]?.error?.name).toBe('ConnectionError');
    const [asked] = upstream.requestsFor('m2');
    expect(prefillSent(asked)).toBe(prefills ? 'The quick brown' : undefined);
    expect(upstream.requests.map((r) => r.model)).toEqual(['m1', 'm2']);
  });
});
