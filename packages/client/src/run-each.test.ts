import { faults, type Behaviour } from '@bench/testkit';
import type { StreamEvent } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { ask, readAll, target, texts, useClientAndUpstream } from './test-helpers';

const fixture = useClientAndUpstream();

/** Pieces in several reads (a delay between them), so that the events come in several batches. */
const spaced: Behaviour = {
  answer: { reasoning: ['Two ', 'and two.'], text: ['It ', 'is ', '4.'], usage: { inputTokens: 3, outputTokens: 4 } },
  pieceDelayMs: 15,
};

describe('FailoverRun.each: the events read whole, a batch at a time', () => {
  it('visits every event, in order, as `for await` over the events gives them, across batches and a failover', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', [faults.serverError(502), faults.serverError(502)]);
    upstream.script('m2', [spaced, spaced]);
    const candidates = [target(upstream, 'm1'), target(upstream, 'm2')];
    const { events: iterated, result: iteratedResult } = await readAll(client.failover(candidates, ask()));

    const run = client.failover(candidates, ask());
    const visited: StreamEvent[] = [];
    await run.each((event) => visited.push(event));
    const result = await run.result;

    expect(texts(visited)).toEqual(['It ', 'is ', '4.']);
    expect(visited.map((event) => event.type)).toEqual(iterated.map((event) => event.type));
    expect(visited.at(-1)).toMatchObject({ type: 'finish', usage: { inputTokens: 3, outputTokens: 4 } });
    expect(result).toMatchObject({ ok: true, alias: 'm2', text: iteratedResult.text, reasoning: 'Two and two.' });
    expect(result.attempts.map((a) => [a.alias, a.ok])).toEqual(iteratedResult.attempts.map((a) => [a.alias, a.ok]));
  });

  it('visits the error event of a run where every candidate failed, and is read once', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', faults.serverError(400));
    const run = client.failover([target(upstream, 'm1')], ask());
    const visited: StreamEvent[] = [];
    await run.each((event) => visited.push(event));
    expect(visited.map((event) => event.type)).toEqual(['error']);
    expect(() => run.each(() => undefined)).toThrow(/read only once/);
    expect((await run.result).ok).toBe(false);
  });

  it('visits nothing after cancel() with no reader, and the result still settles', async () => {
    const { upstream, client } = fixture;
    upstream.script('m1', spaced);
    const run = client.failover([target(upstream, 'm1')], ask());
    await run.committed;
    run.cancel();
    const visited: StreamEvent[] = [];
    await run.each((event) => visited.push(event));
    expect(visited).toEqual([]);
    expect(await run.result).toMatchObject({ ok: false });
  });
});
