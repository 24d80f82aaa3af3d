import { ConnectionError, type AttemptReport, type Commit } from '@bench/client';
import type { Plan } from '@bench/router';
import { describe, expect, it } from 'vitest';
import { answeredBy } from './answered-by';
import { routeBench } from './route-bench';

const plan = { conversation: 'c1', turn: 1, members: [], skipped: [] } as unknown as Plan;
const failed = (alias: string, textChars: number): AttemptReport => ({
  alias,
  model: `up-${alias}`,
  api: 'openai-chat',
  attempt: 1,
  ok: false,
  error: new ConnectionError({ alias, beforeAnyByte: textChars === 0, message: `${alias}: cut` }),
  status: 200,
  seconds: 0.1,
  startedAt: 0,
  textChars,
});
const answered = (alias: string): AttemptReport => ({
  alias,
  model: `up-${alias}`,
  api: 'openai-chat',
  attempt: 1,
  ok: true,
  status: 200,
  seconds: 0.1,
  startedAt: 0,
  textChars: 5,
});

describe('the route bench of a continued stream', () => {
  it('names the member that finished it; the member it continued is in `continued`, not in `failed_over`', () => {
    const attempts = [failed('m0', 0), failed('m1', 16), answered('m2')];
    const continued = [{ alias: 'm2', from: 'm1', after: 16, why: 'm1: cut', prefilled: false, dropped: 16 }];
    const commit = { ok: true, alias: 'm1', attempts, warnings: [], continued } as unknown as Commit;
    expect(answeredBy(commit)).toBe('m2');
    const bench = routeBench({ plan, call: 'r1', alias: answeredBy(commit), attempts, continued });
    expect(bench).toMatchObject({ alias: 'm2', continued: [{ alias: 'm2', from: 'm1', after: 16, why: 'm1: cut' }] });
    expect(bench.failed_over).toEqual([{ alias: 'm0', error: 'm0: cut' }]);
  });

  it('names the committed member when nothing was continued, and nobody when nothing committed', () => {
    expect(answeredBy({ ok: true, alias: 'm1', continued: [] } as unknown as Commit)).toBe('m1');
    expect(answeredBy({ ok: false } as unknown as Commit)).toBeUndefined();
    expect(answeredBy(undefined)).toBeUndefined();
  });
});
