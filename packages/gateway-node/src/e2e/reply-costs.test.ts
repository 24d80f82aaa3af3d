import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// m1 is priced by the base config ({input: 1, output: 2}); m4 and m5 here; m2 and m3 have no price.
const { t, sdks } = useTestGateway({
  captureLog: true,
  config: (base) => ({
    ...base,
    models: {
      ...base.models,
      m4: { ...base.models.m4, price: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 } },
      m5: { ...base.models.m5, price: { input: 0.5, output: 3 } },
    },
    collections: { ...base.collections, priced: { members: ['m1', 'm5'], merger: 'm4', reply: 'all' } },
  }),
});

const usage = { inputTokens: 10_000, outputTokens: 500, cachedInputTokens: 8_000, cacheWriteTokens: 1_000 };
// 1,000 uncached × $5 + 8,000 read × $0.5 + 1,000 written × $6.25, 500 out × $25, per million
const M4_COST = 0.02775;

async function recordedCost(call: string): Promise<unknown> {
  await t().gateway.ledger.flush();
  return (await t().gateway.ledger.getCall(call))?.cost;
}

describe('what a call cost, in the reply (bench.cost), as the ledger records it', () => {
  it('a route turn, JSON (OpenAI Chat) and streamed (Anthropic message_stop)', async () => {
    t().upstream.script('up-4', { answer: { text: 'priced', usage } });
    const reply = (await sdks().openai.chat.completions.create({ model: 'm4', messages: [{ role: 'user', content: 'what does it cost?' }] })) as any;
    expect(reply.bench.cost).toBe(M4_COST);
    expect(await recordedCost(reply.bench.call)).toBeCloseTo(M4_COST, 12);

    t().upstream.script('up-4', { answer: { text: 'priced', usage } });
    const stream = await sdks().anthropic.messages.create({
      model: 'm4',
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: 'and streamed?' }],
    });
    let bench: any;
    for await (const event of stream) if (event.type === 'message_stop') bench = (event as any).bench;
    expect(bench.cost).toBe(M4_COST);
    expect(await recordedCost(bench.call)).toBeCloseTo(M4_COST, 12);
  });

  it('no cost where the model has no price', async () => {
    t().upstream.script('up-2', { answer: { text: 'unpriced', usage } });
    const reply = (await sdks().openai.chat.completions.create({ model: 'm2', messages: [{ role: 'user', content: 'free?' }] })) as any;
    expect(reply.bench).not.toHaveProperty('cost');
    expect(await recordedCost(reply.bench.call)).toBeNull();
  });

  it('a panel: each seat and the merger their cost, and the sum; streamed the same', async () => {
    t().upstream.script('up-1', { answer: { text: 'one', usage: { inputTokens: 1_000, outputTokens: 100 } } });
    t().upstream.script('up-5', { answer: { text: 'five', usage: { inputTokens: 2_000, outputTokens: 200 } } });
    t().upstream.script('up-4', { answer: { text: 'merged', usage } });
    const reply = (await sdks().openai.chat.completions.create({ model: 'bench/priced:merged', messages: [{ role: 'user', content: 'panel cost' }] })) as any;
    const seats = [(1_000 * 1 + 100 * 2) / 1e6, (2_000 * 0.5 + 200 * 3) / 1e6];
    expect(reply.bench.seats.map((seat: any) => seat.cost)).toEqual(seats);
    expect(reply.bench.merger.cost).toBe(M4_COST);
    expect(reply.bench.cost).toBeCloseTo(seats[0]! + seats[1]! + M4_COST, 12);
    const logged = async () => {
      for (let i = 0; i < 100 && !t().logLines.some((line) => line.msg === 'request' && line.collection === 'priced'); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return t()
        .logLines.filter((line) => line.msg === 'request' && line.collection === 'priced')
        .at(-1);
    };
    expect(await logged()).toMatchObject({ reply: 'merged', cost: reply.bench.cost });
    expect(await recordedCost(`${reply.bench.panel}.2`)).toBeCloseTo(seats[1]!, 12);

    t().upstream.script('up-1', { answer: { text: 'one', usage: { inputTokens: 1_000, outputTokens: 100 } } });
    t().upstream.script('up-5', { answer: { text: 'five', usage: { inputTokens: 2_000, outputTokens: 200 } } });
    let last: any;
    for await (const chunk of await sdks().openai.chat.completions.create({
      model: 'bench/priced',
      stream: true,
      messages: [{ role: 'user', content: 'panel cost' }],
    }))
      last = chunk;
    expect(last.bench.seats.map((seat: any) => seat.cost)).toEqual(seats);
    expect(last.bench.cost).toBeCloseTo(seats[0]! + seats[1]!, 12);
  });

  it('a panel with an unpriced seat: the priced seats their cost, no sum that would read as the whole', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t().upstream.script(model, { answer: { text: model, usage: { inputTokens: 1_000, outputTokens: 100 } } });
    const reply = (await sdks().openai.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'partly priced' }] })) as any;
    expect(reply.bench.seats.map((seat: any) => seat.cost)).toEqual([(1_000 * 1 + 100 * 2) / 1e6, undefined, undefined]);
    expect(reply.bench).not.toHaveProperty('cost');
  });
});
