import type { CallResult, FailoverRun } from '@bench/client';
import { describe, expect, it } from 'vitest';
import type { CallContext } from './call-member';
import type { BenchSeat } from './panel-bench';
import type { PanelMember } from './panel-member';
import { PanelStop } from './panel-stop';
import { runSeats } from './run-seats';
import { ask } from './test-helpers';

/** A client whose call to each alias answers its alias after the delay given for it. */
function contextAnswering(delays: Record<string, number>): CallContext {
  const call = (target: { alias: string }): FailoverRun => {
    const result = new Promise<CallResult>((resolve) =>
      setTimeout(
        () => resolve({ ok: true, status: 200, text: target.alias, reasoning: '', toolCalls: [], seconds: 0, warnings: [], attempts: [], skipped: [] }),
        delays[target.alias] ?? 0,
      ),
    );
    return { committed: result as never, events: [] as never, result, collect: () => result, each: async () => {}, cancel() {} };
  };
  return { client: { call } as never, options: {}, stop: new PanelStop(), collection: 'core' };
}

const member = (alias: string): PanelMember => ({ alias, target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9', model: alias } });

describe('runSeats', () => {
  it('passes each seat through ended as it ends and settles with them in seat order', async () => {
    const order: string[] = [];
    const seats = await runSeats(contextAnswering({ m1: 30, m2: 0, m3: 10 }), ['m1', 'm2', 'm3'].map(member), 'p1', ask(), (seat, i) => {
      order.push(`${seat.alias}@${i}`);
      return { ...seat, answer: seat.answer.toUpperCase() };
    });
    expect(order).toEqual(['m2@1', 'm3@2', 'm1@0']);
    expect(seats.map((s: BenchSeat) => [s.call, s.answer])).toEqual([
      ['p1.1', 'M1'],
      ['p1.2', 'M2'],
      ['p1.3', 'M3'],
    ]);
  });

  it('rejects with what ended threw', async () => {
    const failing = runSeats(contextAnswering({ m1: 0, m2: 5 }), ['m1', 'm2'].map(member), 'p1', ask(), (seat) => {
      if (seat.alias === 'm2') throw new Error('no');
      return seat;
    });
    await expect(failing).rejects.toThrow('no');
  });
});
