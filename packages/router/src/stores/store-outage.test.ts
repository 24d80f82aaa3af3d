import { createServer, type Server, type Socket } from 'node:net';
import { startRedisServer } from '@bench/testkit';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { chatRequest, member } from '../__fixtures__/requests';
import { redisAvailable } from '../__fixtures__/redis-server';
import { createRouter } from '../create-router';
import type { Collection } from '../member';
import { createRedisConversationStore } from './redis-conversation-store';
import { createRedisHealthStore } from './redis-health-store';

// A shared state store that is down or hung must not fail the turns that read it: they are planned without it
// (the conversation as identified but kept on no member, no cooldowns), and the router says which store failed.
const collection: Collection = { name: 'agents', members: [member('m1'), member('m2')] };
const clients: Redis[] = [];
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function routerOver(redis: Redis, failures: string[]) {
  clients.push(redis);
  redis.on('error', () => undefined); // ioredis reports each failed reconnect; the router's reports are what is tested
  return createRouter({
    conversations: createRedisConversationStore(redis, { prefix: 'o:' }),
    health: createRedisHealthStore(redis, { prefix: 'o:' }),
    onStoreError: (_error, store) => failures.push(store),
  });
}

const input = () => ({ collection, keyName: '', request: chatRequest({ user: 'outage test', turns: 2 }) });

describe.skipIf(!redisAvailable)('planning while the state store fails', () => {
  it('plans a turn when Redis has gone away, naming the stores it could not read', async () => {
    const server = await startRedisServer();
    const failures: string[] = [];
    const router = routerOver(new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 1, commandTimeout: 500 }), failures);
    const before = await router.plan(input());
    expect(failures).toEqual([]);
    server.stop();
    const during = await router.plan(input());
    expect(failures).toContain('conversations'); // health reads may still come from its short cache
    expect(during).toMatchObject({ conversation: before.conversation, isNew: true });
    expect(during.members.map((planned) => planned.alias)).toHaveLength(2);
    failures.length = 0;
    expect(await router.peek(input())).toBeUndefined();
    expect(failures).toEqual(['conversations']);
  });

  it('plans a turn when Redis hangs (accepts, never answers), once its commands time out', async () => {
    const hung: Server = createServer((socket: Socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => hung.close());
    const failures: string[] = [];
    const port = (hung.address() as { port: number }).port;
    const router = routerOver(new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, commandTimeout: 300 }), failures);
    const plan = await router.plan(input());
    expect(failures).toEqual(expect.arrayContaining(['health', 'conversations']));
    expect(plan.isNew).toBe(true);
  });
});
