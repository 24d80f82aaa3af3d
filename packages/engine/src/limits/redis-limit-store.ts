import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisScript } from '@bench/router';
import type { Admission, Counter, CounterCheck, CounterQuery, CounterReading, LimitStore } from './limit-store';
import { fixedReading, slidingReading } from './counter-reading';
import { inWindow, type SlidingEntry } from './sliding-figures';

/**
 * The admission in one step on the server, so that replicas cannot both take a counter's last slot. A sliding
 * counter is a sorted set of `<amount>:<id>` members scored by the time they were added; a fixed one a number that
 * expires when its window ends. KEYS: the counters; ARGV: now, then per counter its kind (`s`/`f`), limit, window
 * (sliding: its length; fixed: when it resets), what an admission adds and a unique id for it. Returns {0} when admitted, else
 * {index (1-based), used, ms until it is under its limit}. (The same figures as sliding-figures.ts.)
 */
const ADMIT = `
local now = tonumber(ARGV[1])
local function amount(member) return tonumber(string.match(member, '^(%d+):')) end
for i, key in ipairs(KEYS) do
  local a = 2 + (i - 1) * 5
  local kind, limit, span = ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  if kind == 's' then
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - span)
    local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
    local used = 0
    for j = 1, #entries, 2 do used = used + amount(entries[j]) end
    if used >= limit then
      local left = used
      for j = 1, #entries, 2 do
        left = left - amount(entries[j])
        if left < limit then return {i, used, tonumber(entries[j + 1]) + span - now} end
      end
      return {i, used, span}
    end
  else
    local used = tonumber(redis.call('GET', key) or '0')
    if used >= limit then return {i, used, span - now} end
  end
end
for i, key in ipairs(KEYS) do
  local a = 2 + (i - 1) * 5
  local add = tonumber(ARGV[a + 3])
  if add > 0 then
    if ARGV[a] == 's' then
      redis.call('ZADD', key, now, add .. ':' .. ARGV[a + 4])
      redis.call('PEXPIRE', key, ARGV[a + 2])
    else
      redis.call('INCRBY', key, add)
      redis.call('PEXPIREAT', key, ARGV[a + 2])
    end
  end
end
return {0}
`;

/** The limits' counters in Redis (`state: "redis://…"`): shared by replicas, kept across restarts. */
export function createRedisLimitStore(redis: Redis, prefix: string): LimitStore {
  const admit = redisScript(redis, ADMIT);
  const keyOf = (counter: Counter) => `${prefix}limits:${counter.name}`;

  return {
    async admit(checks: readonly CounterCheck[], now: number): Promise<Admission> {
      const args: Array<string | number> = [now];
      for (const { counter, limit, add } of checks) {
        args.push(counter.kind === 'sliding' ? 's' : 'f', limit, counter.kind === 'sliding' ? counter.windowMs : counter.resetsAt, add, randomUUID());
      }
      const [index, used, retryAfterMs] = (await admit(
        checks.map(({ counter }) => keyOf(counter)),
        args,
      )) as number[];
      if (!index) return { ok: true };
      return { ok: false, index: index - 1, used: used!, retryAfterMs: retryAfterMs! };
    },
    async add(counter: Counter, amount: number, now: number): Promise<void> {
      const key = keyOf(counter);
      if (counter.kind === 'sliding') {
        await redis.multi().zadd(key, now, `${amount}:${randomUUID()}`).pexpire(key, counter.windowMs).exec();
      } else {
        await redis.multi().incrby(key, amount).pexpireat(key, counter.resetsAt).exec();
      }
    },
    async read(queries: readonly CounterQuery[], now: number): Promise<CounterReading[]> {
      const pipeline = redis.pipeline();
      for (const { counter } of queries) {
        if (counter.kind === 'sliding') pipeline.zrangebyscore(keyOf(counter), `(${now - counter.windowMs}`, '+inf', 'WITHSCORES');
        else pipeline.get(keyOf(counter));
      }
      const replies = (await pipeline.exec()) ?? [];
      return queries.map(({ counter, limit }, index) => {
        const [error, reply] = replies[index] ?? [new Error('no reply')];
        if (error) throw error;
        if (counter.kind === 'fixed') return fixedReading(Number(reply ?? 0), limit, counter, now);
        return slidingReading(inWindow(slidingEntries(reply as string[]), counter.windowMs, now), limit, counter, now);
      });
    },
  };
}

/** A sorted set's `member, score, …` reply as entries, oldest first. */
function slidingEntries(reply: readonly string[]): SlidingEntry[] {
  const entries: SlidingEntry[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) entries.push({ amount: Number.parseInt(reply[i]!, 10), time: Number(reply[i + 1]) });
  return entries;
}
