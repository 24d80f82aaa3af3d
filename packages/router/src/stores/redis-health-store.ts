import { pickByAlias } from './pick-by-alias';
import type { Redis } from 'ioredis';
import type { CooldownSettings } from '../route-settings';
import type { HealthStore, MemberHealth } from './health-store';
import { redisScript } from './redis-script';

export interface RedisHealthStoreOptions {
  /** Key prefix (default `bench:router:`). */
  prefix?: string;
  /**
   * How long a read of every member's health is reused (default 1000 ms; 0:
   * read every time). Cooldowns last seconds, so a second's lag between
   * replicas costs little and saves a round trip on nearly every turn.
   */
  cacheMs?: number;
}

// One hash, field = alias, value = "failures openUntil probeUntil limitedUntil".
const READ = `local v = redis.call('HGET', KEYS[1], ARGV[1])
local f, o, p, l = 0, 0, 0, 0
if v then
  local a, b, c, d = string.match(v, '^(%d+) (%d+) (%d+) (%d+)$')
  f, o, p, l = tonumber(a), tonumber(b), tonumber(c), tonumber(d)
end
local function put() redis.call('HSET', KEYS[1], ARGV[1], string.format('%d %d %d %d', f, o, p, l)) end
`;

// Same rule as afterFailure() in health-store.ts.
const FAILED = `${READ}
local now, after, forMs = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if o > 0 then o = now + forMs; p = 0
else
  f = f + 1
  if f >= after then f = 0; o = now + forMs; p = 0 end
end
put()`;

const RATE_LIMITED = `${READ}
if tonumber(ARGV[2]) > l then l = tonumber(ARGV[2]) end
put()`;

const CLAIM_PROBE = `${READ}
local now, hold = tonumber(ARGV[2]), tonumber(ARGV[3])
if o == 0 or o > now or p > now then return 0 end
p = now + hold
put()
return 1`;

const RELEASE_PROBE = `${READ}
if v and p > 0 then p = 0; put() end`;

/** Cooldowns in Redis, shared by every replica; the updates are Lua scripts, so concurrent ones do not race. */
export function createRedisHealthStore(redis: Redis, options: RedisHealthStoreOptions = {}): HealthStore {
  const key = `${options.prefix ?? 'bench:router:'}health`;
  const cacheMs = options.cacheMs ?? 1000;
  const failed = redisScript(redis, FAILED);
  const rateLimited = redisScript(redis, RATE_LIMITED);
  const claimProbe = redisScript(redis, CLAIM_PROBE);
  const releaseProbe = redisScript(redis, RELEASE_PROBE);
  let cache: { at: number; states: Map<string, MemberHealth> } | undefined;

  async function all(now: number): Promise<Map<string, MemberHealth>> {
    if (cache !== undefined && now >= cache.at && now - cache.at < cacheMs) return cache.states;
    const raw = await redis.hgetall(key);
    const states = new Map<string, MemberHealth>();
    for (const [alias, value] of Object.entries(raw)) {
      const parsed = parse(value);
      if (parsed !== undefined) states.set(alias, parsed);
    }
    cache = { at: now, states };
    return states;
  }

  return {
    async read(aliases: readonly string[], now: number): Promise<ReadonlyMap<string, MemberHealth>> {
      const states = await all(now);
      return states.size === 0 ? states : pickByAlias(states, aliases);
    },
    async claimProbe(alias: string, now: number, holdMs: number): Promise<boolean> {
      cache = undefined;
      return (await claimProbe([key], [alias, now, holdMs])) === 1;
    },
    async releaseProbe(alias: string): Promise<void> {
      cache = undefined;
      await releaseProbe([key], [alias]);
    },
    async succeeded(alias: string): Promise<void> {
      // The cache stays: a success only clears this alias, which we can apply to it.
      cache?.states.delete(alias);
      await redis.hdel(key, alias);
    },
    async failed(alias: string, now: number, cooldown: CooldownSettings): Promise<void> {
      cache = undefined;
      await failed([key], [alias, now, cooldown.afterFailures, cooldown.forMs]);
    },
    async rateLimited(alias: string, until: number): Promise<void> {
      cache = undefined;
      await rateLimited([key], [alias, Math.ceil(until)]);
    },
  };
}

function parse(value: string): MemberHealth | undefined {
  const parts = value.split(' ').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return undefined;
  const [failures = 0, openUntil = 0, probeUntil = 0, limitedUntil = 0] = parts;
  return { failures, openUntil, probeUntil, limitedUntil };
}
