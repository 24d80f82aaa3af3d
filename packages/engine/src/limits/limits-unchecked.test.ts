import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config';
import { EngineEvents } from '../events/engine-events';
import { Limits } from './limits';
import type { LimitStore } from './limit-store';
import { createMemoryLimitStore } from './memory-limit-store';

const config = parseConfig({
  providers: { local: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
  models: { a: { provider: 'local', model: 'a' } },
  collections: { agents: { members: ['a'], reply: 'route' }, paced: { members: ['a'], reply: 'route', rpm: 100 } },
  keys: { ci: { keyEnv: 'KEY_CI' } },
});
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;
const caller = { keyName: 'ci', admin: false } as never;
const target = (name: string) => ({ kind: 'collection', collection: config.collections[name]! }) as never;

/** A state store that never answers (a hung Redis), counting what was asked of it. */
function hungStore() {
  const asked = { admit: 0, add: 0 };
  const never = new Promise<never>(() => undefined);
  const store: LimitStore = {
    admit: () => {
      asked.admit += 1;
      return never;
    },
    add: () => {
      asked.add += 1;
      return never;
    },
    read: () => never,
  };
  return { store, asked };
}

describe('a key and collection without limits', () => {
  it('admits the turn without waiting for the state store, and counts its request for the figures on the side', async () => {
    const { store, asked } = hungStore();
    const limits = new Limits({ config, store, now: () => Date.UTC(2026, 11, 1), logger, events: new EngineEvents() });
    expect(limits.admit(caller, target('agents'))).toBeUndefined(); // admitted at once: no promise to wait for
    expect(asked).toEqual({ admit: 0, add: 1 });
  });

  it('waits for the store where there is a limit to check', async () => {
    const { store, asked } = hungStore();
    const limits = new Limits({ config, store, now: () => Date.UTC(2026, 11, 1), logger, events: new EngineEvents() });
    const admitted = limits.admit(caller, target('paced'));
    expect(admitted).toBeInstanceOf(Promise);
    const settled = await Promise.race([Promise.resolve(admitted).then(() => 'admitted'), new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))]);
    expect(settled).toBe('waiting');
    expect(asked.admit).toBe(1);
  });

  it("sums the key's last 60 seconds into its minute, each second one counter however busy the key", async () => {
    let now = Date.UTC(2026, 11, 1, 10);
    const store = createMemoryLimitStore();
    const limits = new Limits({ config, store, now: () => now, logger, events: new EngineEvents() });
    for (let i = 0; i < 500; i += 1) await limits.admit(caller, target('agents'));
    now += 30_000;
    await limits.admit(caller, target('agents'));
    expect(await limits.minute('ci')).toEqual({ requests: 501, tokens: 0 });
    now += 45_000; // the first 500 are more than a minute old
    expect(await limits.minute('ci')).toEqual({ requests: 1, tokens: 0 });
  });
});
