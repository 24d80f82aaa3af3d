import { describe, expect, it } from 'vitest';
import { InvalidTargetError } from './errors/invalid-target-error';
import { expectOneAnswer, prefillSent, WHOLE, words } from './recovery-test-helpers';
import { ask, readAll, target, texts, useClientAndUpstream } from './test-helpers';

const fixture = useClientAndUpstream();
const SENT = 'The quick brown ';

describe('what fails after the first piece', () => {
  it('a stall past idleMs: the idle stream is closed and the next member finishes it', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, stall: { afterPieces: 3, ms: 5_000 } });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'anthropic' }), target(upstream, 'm2', { api: 'anthropic' })], ask()),
      WHOLE,
    );
    expect(result.continued).toMatchObject([{ alias: 'm2', from: 'm1', after: SENT.length, why: 'm1: no piece within 500 ms (idle timeout)' }]);
    expect(result.attempts[0]?.error?.name).toBe('TimeoutError');
    await upstream.settled();
    expect(upstream.requestsFor('m1')[0]?.closedByCaller).toBe(true);
  });

  it('an upstream error event part way: the next member finishes it, and the error is only in the report', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, errorAfterPieces: 3, streamError: { kind: 'overloaded', message: 'Overloaded' } });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'gemini' }), target(upstream, 'm2', { api: 'gemini' })], ask()),
      WHOLE,
    );
    expect(result.continued).toMatchObject([{ alias: 'm2', from: 'm1', after: SENT.length, prefilled: true }]);
    expect(result.attempts.map((a) => [a.alias, a.ok, a.error?.name])).toEqual([
      ['m1', false, 'ServerError'],
      ['m2', true, undefined],
    ]);
    // The failed stream counts against m1's health, as a failure before the first piece would.
    const health = await client.health.read(['m1', 'm2'], Date.now());
    expect(health.get('m1')).toMatchObject({ failures: 1 });
    expect(health.has('m2')).toBe(false); // it finished the answer: healthy
  });

  it('an in-stream rate limit is classified as the attempt would have', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, errorAfterPieces: 2, streamError: { kind: 'rate-limit', message: 'Too many requests' } });
    upstream.script('m2', { answer: { text: words(WHOLE) } });
    const { result } = await expectOneAnswer(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()), WHOLE);
    expect(result.attempts[0]?.error?.name).toBe('RateLimitedError');
  });

  it('a stream that ends without a finish is finished too', async () => {
    const { upstream, client } = fixture;
    // Ollama's stream has no terminator of its own: a body that just ends, unfinished, is a cut.
    upstream.script('m1', { answer: { text: words(WHOLE) }, endAfterPieces: 4 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    await expectOneAnswer(client.failover([target(upstream, 'm1', { api: 'ollama' }), target(upstream, 'm2', { api: 'ollama' })], ask()), WHOLE);
  });
});

describe('how the next member is asked, and spliced on', () => {
  it('continuing from a prefill: the text sent is the start of its answer (trailing space left out)', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'anthropic' }), target(upstream, 'm2', { api: 'anthropic' })], ask()),
      WHOLE,
    );
    expect(prefillSent(upstream.requestsFor('m2')[0])).toBe('The quick brown');
    expect(result.text).toBe(WHOLE);
  });

  it('restarting from scratch despite the prefill: the repeat is dropped', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 5 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'restart' });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'anthropic' }), target(upstream, 'm2', { api: 'anthropic' })], ask()),
      WHOLE,
    );
    expect(result.continued).toMatchObject([{ after: 'The quick brown fox jumps '.length, dropped: 'The quick brown fox jumps '.length, prefilled: true }]);
  });

  it('overlapping the last words: the overlap is dropped', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 5 });
    // Prefilled with "The quick brown fox jumps", it answers again from "fox jumps over…".
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: { overlap: 'fox jumps'.length } });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'ollama' }), target(upstream, 'm2', { api: 'ollama' })], ask()),
      WHOLE,
    );
    expect(result.continued).toMatchObject([{ dropped: 'fox jumps '.length }]);
  });

  it('refusing the prefill with a 400: asked again without one, and its restart spliced on', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, prefill: 'refuse' });
    const { result } = await expectOneAnswer(
      client.failover([target(upstream, 'm1', { api: 'anthropic' }), target(upstream, 'm2', { api: 'anthropic' })], ask()),
      WHOLE,
    );
    const asked = upstream.requestsFor('m2');
    expect(asked.map(prefillSent)).toEqual(['The quick brown', undefined]);
    expect(result.continued).toMatchObject([{ alias: 'm2', prefilled: false, dropped: SENT.length }]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ message: expect.stringContaining('m2 refused the prefill of a continuation') }));
    expect(result.attempts.map((a) => [a.alias, a.ok, a.error?.name])).toEqual([
      ['m1', false, 'ConnectionError'],
      ['m2', false, 'BadRequestError'],
      ['m2', true, undefined],
    ]);
  });

  it('only whitespace sent so far: no prefill (an empty one is refused), the member answers again', async () => {
    const { upstream, client } = fixture;
    const answer = ['\n\n', 'Hello ', 'world.'];
    upstream.script('m1', { answer: { text: answer }, cutAfterPieces: 1 });
    upstream.script('m2', { answer: { text: answer }, prefill: 'refuse' });
    await expectOneAnswer(client.failover([target(upstream, 'm1', { api: 'ollama' }), target(upstream, 'm2', { api: 'ollama' })], ask()), '\n\nHello world.');
    expect(upstream.requestsFor('m2').map(prefillSent)).toEqual([undefined]);
  });

  it("DeepSeek's OpenAI Chat takes the prefill with prefix: true", async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    upstream.script('ds', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    await expectOneAnswer(client.failover([target(upstream, 'm1'), target(upstream, 'ds', { vendor: 'deepseek' })], ask()), WHOLE);
    const body = upstream.requestsFor('ds')[0]?.body as { messages: Array<Record<string, unknown>> };
    expect(body.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The quick brown', prefix: true });
  });

  it('the same member finishes its own stream when it is the only one', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', [
      { answer: { text: words(WHOLE) }, cutAfterPieces: 3 },
      { answer: { text: words(WHOLE) }, prefill: 'continue' },
    ]);
    const { result } = await expectOneAnswer(client.call(target(upstream, 'm1', { api: 'gemini' }), ask()), WHOLE);
    expect(result.continued).toMatchObject([{ alias: 'm1', from: 'm1' }]);
  });

  it('a consumer that reads no events (collect) gets the one whole answer', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    upstream.script('m2', { answer: { text: words(WHOLE) } });
    const result = await client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()).collect();
    expect(result).toMatchObject({ ok: true, text: WHOLE, finishReason: 'stop', alias: 'm2' });
  });
});

describe('what cannot be spliced is not faked', () => {
  it('a cut inside a tool call’s arguments ends with the error event, and says why', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', {
      answer: { text: ['Let me look. '], toolCalls: [{ id: 'c1', name: 'look', arguments: ['{"path":', '"a.txt"}'] }] },
      cutAfterPieces: 3,
    });
    upstream.script('m2', { answer: { text: 'm2' } });
    const { events, result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask()));
    expect(texts(events).join('')).toBe('Let me look. ');
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('not continued: the stream failed after a tool call had started') },
    });
    expect(result).toMatchObject({ ok: false, text: 'Let me look. ', notContinued: expect.stringContaining('tool call') });
    expect(upstream.requests.map((r) => r.model)).toEqual(['m1']);
  });

  it('a cut inside the reasoning, before any text, ends with the error event: reasoning cannot be signed again', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { reasoning: ['Let me ', 'think ', 'hard.'], reasoningSignature: 'sig', text: 'Four.' }, cutAfterPieces: 2 });
    upstream.script('m2', { answer: { text: 'Four.' }, prefill: 'continue' });
    const candidates = [target(upstream, 'm1', { api: 'anthropic' }), target(upstream, 'm2', { api: 'anthropic' })];
    const { events, result } = await readAll(client.failover(candidates, ask()));
    expect(texts(events)).toEqual([]);
    expect(events.at(-1)?.type).toBe('error');
    expect(result).toMatchObject({
      ok: false,
      reasoning: 'Let me think ',
      notContinued: 'the stream failed inside its reasoning, which cannot be continued or signed again',
    });
    expect(upstream.requests.map((r) => r.model)).toEqual(['m1']);
  });

  it('after reasoning and some text, the text is continued and the reasoning kept once', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { reasoning: ['Easy.'], text: words(WHOLE) }, cutAfterPieces: 4 });
    // Its own reasoning comes before its text: dropped, the caller already had the first member's.
    upstream.script('m2', { answer: { reasoning: ['Again.'], text: words(WHOLE) }, prefill: 'continue' });
    const candidates = [target(upstream, 'm1', { api: 'ollama' }), target(upstream, 'm2', { api: 'ollama' })];
    const { events, result } = await expectOneAnswer(client.failover(candidates, ask()), WHOLE);
    expect(events.filter((e) => e.type === 'reasoning-delta').map((e) => (e.type === 'reasoning-delta' ? e.text : ''))).toEqual(['Easy.']);
    expect(result.reasoning).toBe('Easy.');
  });

  it('a new answer that diverges from the text sent ends with the error event', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    // OpenAI Chat takes no prefill: m2 answers again from the start, and its answer is another one.
    upstream.script('m2', { answer: { text: words('The quick red fox is elsewhere.') } });
    const { events, result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), { retry: { serverErrorRetries: 0 } }));
    expect(texts(events).join('')).toBe(SENT);
    // The caller ends with m1's failure, as without recovery, and why it was not made good.
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { message: expect.stringMatching(/^m1: connection cut part way .*\(not continued: the new answer differs/) },
    });
    expect(result.error?.name).toBe('ConnectionError');
    expect(result.ok).toBe(false);
    expect(result.text).toBe(SENT);
    expect(result.notContinued).toBe('the new answer differs from the text already sent at character 10 of 16');
    await upstream.settled();
    expect(upstream.requestsFor('m2')[0]?.closedByCaller || upstream.requestsFor('m2')[0]?.ended).toBe(true);
  });

  it('reaching retry.continuations ends with the error event after that many', async () => {
    const { upstream, client } = fixture;
    // Each member writes two more words of the answer, then its stream is cut.
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 2 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, cutAfterPieces: 2, prefill: 'continue' });
    upstream.script('m3', { answer: { text: words(WHOLE) }, cutAfterPieces: 2, prefill: 'continue' });
    upstream.script('m4', { answer: { text: words(WHOLE) }, prefill: 'continue' });
    const candidates = ['m1', 'm2', 'm3', 'm4'].map((alias) => target(upstream, alias, { api: 'anthropic' }));
    const { events, result } = await readAll(client.failover(candidates, ask(), { retry: { maxMembers: 4 } }));
    // Each continuation's first piece is the space its prefill left out: two pieces of it bring one word.
    expect(texts(events).join('')).toBe('The quick brown fox ');
    expect(events.at(-1)?.type).toBe('error');
    expect(result.continued?.map((c) => [c.from, c.alias])).toEqual([
      ['m1', 'm2'],
      ['m2', 'm3'],
    ]);
    expect(result.notContinued).toBe('the limit of 2 continuations (retry.continuations) was reached');
    expect(result.text).toBe('The quick brown fox ');
    expect(result.attempts.map((a) => [a.alias, a.textChars])).toEqual([
      ['m1', 'The quick '.length],
      ['m2', 'brown '.length],
      ['m3', 'fox '.length],
    ]);
    expect(upstream.requestsFor('m4')).toEqual([]);
  });

  it("a continuation gets only what is left of the turn's totalMs, whatever the member's own", async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, stall: { afterPieces: 2, ms: 5_000 } });
    // On its own deadlines m2 would answer (its first piece after 2 s); the turn has no 2 s left after m1's stall.
    upstream.script('m2', { answer: { text: words(WHOLE) }, firstPieceDelayMs: 2_000 });
    const slow = target(upstream, 'm2', { timeouts: { firstTokenMs: 10_000, totalMs: 20_000 } });
    const { events, result } = await readAll(
      client.failover([target(upstream, 'm1'), slow], ask(), { timeouts: { totalMs: 1_500 }, retry: { serverErrorRetries: 0 } }),
    );
    expect(texts(events).join('')).toBe('The quick ');
    expect(events.at(-1)?.type).toBe('error');
    expect(result.notContinued).toMatch(/^no member could continue \(.*m2: .*total/);
    expect(result.attempts.map((a) => [a.alias, a.error?.name])).toEqual([
      ['m1', 'TimeoutError'],
      ['m2', 'TimeoutError'],
    ]);
  });

  it('retry.continuations: 0 and continue: false both leave the failure as it was', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 2 });
    for (const options of [{ retry: { continuations: 0 } }, { continue: false }]) {
      const { events, result } = await readAll(client.failover([target(upstream, 'm1'), target(upstream, 'm2')], ask(), options));
      expect(texts(events).join('')).toBe('The quick ');
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { message: expect.not.stringContaining('not continued') } });
      expect(result.continued).toBeUndefined();
    }
    expect(upstream.requests.map((r) => r.model)).toEqual(['m1', 'm1']);
  });

  it('retry.continuations is validated like the other settings', () => {
    const { upstream, client } = fixture;
    expect(() => client.failover([target(upstream, 'm1', { retry: { continuations: -1 } })], ask())).toThrow(InvalidTargetError);
    expect(() => client.failover([target(upstream, 'm1', { retry: { continuations: 1.5 } })], ask())).toThrow(
      'candidates[0].retry.continuations: must be a whole number, 0 or more',
    );
    expect(() => client.failover([target(upstream, 'm1')], ask(), { retry: { continuations: Number.NaN } })).toThrow('options.retry.continuations');
  });
});

describe('the consumer cancelling during the recovery', () => {
  it('aborts the continuation upstream, and the attempts are reported', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', { answer: { text: words(WHOLE) }, cutAfterPieces: 3 });
    upstream.script('m2', { answer: { text: words(WHOLE) }, firstPieceDelayMs: 10_000 });
    const run = client.failover([target(upstream, 'm1'), target(upstream, 'm2', { timeouts: { firstTokenMs: 20_000, totalMs: 30_000 } })], ask());
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of run.events) {
        if (event.type === 'text-delta') seen.push(event.text);
        if (event.type === 'error') seen.push(`error: ${event.error.status}`);
      }
    })();
    while (upstream.requestsFor('m2').length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    run.cancel();
    await reading;
    const result = await run.result;
    expect(seen).toEqual(['The ', 'quick ', 'brown ', 'error: 499']);
    expect(result).toMatchObject({ ok: false, status: 200, text: SENT, notContinued: 'the caller aborted during the recovery' });
    expect(result.error?.kind).toBe('aborted');
    expect(result.attempts.map((a) => [a.alias, a.ok, a.error?.name])).toEqual([
      ['m1', false, 'ConnectionError'],
      ['m2', false, 'AbortedError'],
    ]);
    await upstream.settled();
    expect(upstream.requestsFor('m2')[0]?.closedByCaller).toBe(true);
  });
});
