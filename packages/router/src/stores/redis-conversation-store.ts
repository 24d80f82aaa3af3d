import type { Redis } from 'ioredis';
import type { ClaimResult, ConversationStore, ConversationTiming, StoredConversation } from './conversation-store';
import { redisScript } from './redis-script';

export interface RedisConversationStoreOptions {
  /** Key prefix (default `bench:router:`). */
  prefix?: string;
}

// Get-or-set in one step: the stored value (expiry restarted), else ours. Value: "<turn> <alias>".
const CLAIM = `
local found = redis.call('GET', KEYS[1])
if found then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {0, found}
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, ARGV[1]}
`;

/**
 * Sticky conversations in Redis, shared by every replica: the first of two
 * simultaneous claims wins (a Lua script), idle expiry is the key's TTL.
 * The caller owns the connection.
 */
export function createRedisConversationStore(redis: Redis, options: RedisConversationStoreOptions = {}): ConversationStore {
  const prefix = `${options.prefix ?? 'bench:router:'}conversation:`;
  const claim = redisScript(redis, CLAIM);

  return {
    async claim(id: string, proposal: StoredConversation, timing: ConversationTiming): Promise<ClaimResult> {
      const reply = await claim([prefix + id], [encode(proposal), timing.ttlMs]);
      if (!Array.isArray(reply) || typeof reply[1] !== 'string') throw new Error('redis conversation claim: unexpected reply');
      return { conversation: decode(reply[1]), created: reply[0] === 1 };
    },
    async peek(id: string): Promise<StoredConversation | undefined> {
      // GET leaves the key's TTL as it is: a peek never keeps a conversation alive.
      const found = await redis.get(prefix + id);
      return found === null ? undefined : decode(found);
    },
    async assign(id: string, conversation: StoredConversation, timing: ConversationTiming): Promise<void> {
      await redis.set(prefix + id, encode(conversation), 'PX', timing.ttlMs);
    },
    async forget(id: string): Promise<void> {
      await redis.del(prefix + id);
    },
  };
}

function encode(conversation: StoredConversation): string {
  return `${conversation.turn} ${conversation.alias}`;
}

function decode(value: string): StoredConversation {
  const space = value.indexOf(' ');
  return { turn: Number(value.slice(0, space)), alias: value.slice(space + 1) };
}
