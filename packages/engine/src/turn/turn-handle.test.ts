import { describe, expect, it } from 'vitest';
import type { TurnReply } from './turn';
import type { TurnContext } from './turn-context';
import { TurnHandle } from './turn-handle';
import type { TurnRunner } from './turn-runner';

const context = (): TurnContext => ({
  protocol: 'openai-chat',
  caller: { keyName: 'local' },
  headers: {},
  requestedModel: 'bench/core',
  summary: {},
  cancelled: false,
  onCancel: [],
});
const answer = { reply: { id: 'p1', model: 'bench/core', content: [], finishReason: 'stop' }, headers: {} } as unknown as TurnReply;

function runner(): TurnRunner {
  const replied = Promise.resolve(answer);
  const opened = Promise.resolve({ headers: {}, flush: true, id: 'p1', model: 'bench/core' });
  const piped = Promise.resolve();
  return { open: () => opened, pipe: () => piped, reply: () => replied, cancel: () => undefined, done: Promise.resolve() };
}

describe('TurnHandle', () => {
  it('consumes a turn that started at once straight from its runner: the same promises, none made between', () => {
    const started = runner();
    const turn = new TurnHandle(started, context());
    expect(turn.reply()).toBe(started.reply());
    expect(turn.open()).toBe(started.open());
    expect(turn.pipe({ write: () => undefined, end: () => undefined, closed: false })).toBe(started.pipe({} as never));
    expect(turn.done).toBe(started.done);
  });

  it('waits for a turn that starts later, and reports its refusal from every way of consuming it', async () => {
    const started = runner();
    await expect(new TurnHandle(Promise.resolve(started), context()).reply()).resolves.toBe(answer);
    const refused = new TurnHandle(Promise.reject(new Error('no such collection')), context());
    await expect(refused.reply()).rejects.toThrow('no such collection');
    await expect(refused.open()).rejects.toThrow('no such collection');
    await expect(refused.done).resolves.toBeUndefined(); // done never rejects
  });
});
