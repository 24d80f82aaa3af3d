import type { StreamEvent } from '@bench/formats';
import type { RecordedRequest } from '@bench/testkit';
import { expect } from 'vitest';
import type { CallResult } from './call-result';
import type { FailoverRun } from './failover-run';
import { readAll, texts } from './test-helpers';

/** The whole answer the recovery tests' members write, a word a piece. */
export const WHOLE = 'The quick brown fox jumps over the lazy dog and runs far away.';
export const words = (text: string): string[] => text.split(/(?<= )/);

/** Reads the run and checks it is one seamless answer: `expected` once, one start, one finish last, no error. */
export async function expectOneAnswer(run: FailoverRun, expected: string): Promise<{ events: StreamEvent[]; result: CallResult }> {
  const { events, result } = await readAll(run);
  expect(texts(events).join('')).toBe(expected);
  expect(events.filter((event) => event.type === 'error')).toEqual([]);
  expect(events.filter((event) => event.type === 'start')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'finish')).toHaveLength(1);
  expect(events.at(-1)?.type).toBe('finish');
  expect(result).toMatchObject({ ok: true, text: expected });
  return { events, result };
}

/** The text of a request's last message, when it is the assistant's (the prefill it carried). */
export function prefillSent(request: RecordedRequest | undefined): string | undefined {
  const last = request?.neutral?.messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  return last.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
