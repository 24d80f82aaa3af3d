import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let openai: OpenAI;

beforeAll(async () => {
  t = await startTestGateway({
    scripts: {
      'up-1': { answer: { text: 'Paris is the capital.' } },
      'up-2': { answer: { text: 'The capital is Paris.' } },
      'up-3': { error: { status: 500 } },
    },
  });
  openai = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'unused', maxRetries: 0 });
});
afterAll(() => t.close());

type Bench = {
  panel: string;
  seats: Array<{ alias: string; status: string; answer: string; call: string }>;
  reply: string;
  merger?: { alias: string; status: string };
};

describe('panels through the OpenAI SDK', () => {
  it('all: every answer labelled, the failed seat saying so, bench.seats and the panel headers', async () => {
    const { data, response } = await openai.chat.completions
      .create({ model: 'bench/core', messages: [{ role: 'user', content: 'capital of France?' }] })
      .withResponse();
    const bench = (data as unknown as { bench: Bench }).bench;
    expect(data.model).toBe('bench/core');
    expect(bench.reply).toBe('all');
    expect(bench.seats.map((seat) => [seat.alias, seat.status])).toEqual([
      ['m1', 'ok'],
      ['m2', 'ok'],
      ['m3', 'error'],
    ]);
    const text = data.choices[0]!.message.content!;
    expect(text).toContain('Paris is the capital.');
    expect(text).toContain('The capital is Paris.');
    expect(text).toContain('m3');
    expect(response.headers.get('x-bench-panel')).toBe(bench.panel);
    expect(response.headers.get('x-bench-seats')).toBe('m1,m2,m3');
  });

  it('merged (suffix): the merger writes one answer, streamed, with bench on the last chunk', async () => {
    t.upstream.script('up-1', [{ answer: { text: 'Paris is the capital.' } }, { answer: { text: ['Merged: ', 'Paris.'] } }]);
    const stream = await openai.chat.completions.create({
      model: 'bench/core:merged',
      messages: [{ role: 'user', content: 'capital of France?' }],
      stream: true,
    });
    let text = '';
    let bench: Bench | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      bench = (chunk as unknown as { bench?: Bench }).bench ?? bench;
    }
    expect(text).toBe('Merged: Paris.');
    expect(bench?.reply).toBe('merged');
    expect(bench?.merger).toMatchObject({ alias: 'm1', status: 'ok' });
    expect(bench?.seats.find((seat) => seat.alias === 'm2')?.answer).toBe('The capital is Paris.');
  });

  it('refuses tools with a 400 that says to use :route', async () => {
    await expect(
      openai.chat.completions.create({
        model: 'bench/core',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining(':route') });
  });
});
