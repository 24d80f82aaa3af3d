import type { NeutralRequest } from '@bench/formats';
import { createRedisReasoningStore, createRouter, type ReasoningStore } from '@bench/router';
import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { restoredRequest } from './restored-request';

// A store that cannot be read (Redis gone between the claim and the read) costs the turn its kept reasoning, not the turn.
const call = { type: 'tool-call' as const, id: 'toolu_1', name: 'read', arguments: '{}' };
const request: NeutralRequest = {
  model: 'bench/agents',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'read it' }] },
    { role: 'assistant', content: [call] },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: 'ok' }] }] },
  ],
  tools: [{ name: 'read', inputSchema: { type: 'object' } }],
  stream: false,
  extra: {},
};
const collection = { name: 'agents', members: [{ alias: 'm1', contextWindow: 100_000, maxOutput: 4000, tools: true }] };

function withStore(reasoning: ReasoningStore) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const router = createRouter({ reasoning });
  return { runtime: { router, logger }, lines, router };
}

describe('restoredRequest', () => {
  it('answers the request as sent, and logs why, when the Redis store cannot be read (no connection)', async () => {
    const offline = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    try {
      const { runtime, lines, router } = withStore(createRedisReasoningStore(offline));
      const plan = await router.plan({ collection, keyName: '', request });
      expect(await restoredRequest(runtime, plan, request)).toBe(request);
      expect(lines).toEqual([expect.objectContaining({ msg: 'reading kept reasoning failed', err: expect.any(String) })]);
    } finally {
      offline.disconnect();
    }
  });

  it('and when a store of the caller’s own throws at once (ReasoningStore is public)', async () => {
    const { runtime, lines, router } = withStore({
      put: () => undefined,
      get: () => {
        throw new Error('bad store');
      },
    });
    const plan = await router.plan({ collection, keyName: '', request });
    expect(restoredRequest(runtime, plan, request)).toBe(request);
    expect(lines).toEqual([expect.objectContaining({ err: 'bad store' })]);
  });
});
