import { faults } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { streamPieces } from './sdk-streams';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      collections: {
        ...base.collections,
        // Long timeouts: the slow seat is held by the test, not by the clock.
        race: {
          members: ['m1', 'm2', 'm3'],
          reply: 'all',
          timeouts: { firstTokenMs: 20_000, idleMs: 20_000, totalMs: 60_000, graceMs: 1000 },
          retry: { serverErrorRetries: 0 },
        },
      },
    }),
  });
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe.each(SDK_PROTOCOLS)('%s: a streamed `all` panel', (protocol) => {
  it("sends the fast seat's labelled answer before the slow seat finishes, the failed seat labelled, and bench on the last event", async () => {
    let release!: () => void;
    const slowMayAnswer = new Promise<void>((resolve) => (release = resolve));
    t.upstream.script('up-1', { answer: { text: 'the fast answer' } });
    t.upstream.script('up-2', { holdUntil: slowMayAnswer, answer: { text: 'the slow answer' } });
    t.upstream.script('up-3', faults.serverError(500));

    let sawFastWhileSlowHeld = false;
    let sawSlowBeforeRelease = false;
    let released = false;
    let text = '';
    const reply = await streamPieces(sdks, protocol, 'bench/race', 'who is first?', (piece) => {
      text += piece;
      if (!released && text.includes('the slow answer')) sawSlowBeforeRelease = true;
      if (!released && text.includes('the fast answer')) {
        sawFastWhileSlowHeld = true;
        released = true;
        release(); // only now may the slow seat answer at all
      }
    });
    release();

    expect(sawFastWhileSlowHeld, "the fast seat's text reached the SDK while the slow seat was still held").toBe(true);
    expect(sawSlowBeforeRelease).toBe(false);
    const whole = reply.pieces.join('');
    expect(whole).toMatch(/### m1 · call \S+\n\nthe fast answer/);
    expect(whole).toMatch(/### m3 · call \S+ · failed\n\n> m3 did not answer \(error\)/);
    expect(whole.indexOf('the fast answer')).toBeLessThan(whole.indexOf('the slow answer'));
    expect(whole.indexOf('### m3')).toBeLessThan(whole.indexOf('the slow answer'));
    expect(reply.bench).toMatchObject({ collection: 'race', reply: 'all' });
    expect(Object.fromEntries(reply.bench.seats.map((seat: { alias: string; status: string }) => [seat.alias, seat.status]))).toEqual({
      m1: 'ok',
      m2: 'ok',
      m3: 'error',
    });
  });
});
