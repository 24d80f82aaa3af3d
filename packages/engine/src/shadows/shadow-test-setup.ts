import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NeutralRequest, StreamEvent } from '@bench/formats';
import type { FakeUpstream } from '@bench/testkit';

/** Test helpers for the shadow tests (not shipped: nothing under src/ imports this but tests). */

export const fast = { firstTokenMs: 1500, idleMs: 1500, totalMs: 5000, graceMs: 1000 };

/** A route collection `agents` (member `a`) shadowed by `s` (and whatever `shadow` says), on one fake upstream. */
export function shadowConfig(
  upstream: FakeUpstream,
  ledger: string,
  shadow: Record<string, unknown> | undefined,
  models: Record<string, Record<string, unknown>> = {},
) {
  return {
    ledger,
    server: { shutdownGraceMs: 2000 },
    providers: {
      chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' },
      anthropic: { baseURL: upstream.baseURL('anthropic'), api: 'anthropic' },
    },
    models: {
      a: { provider: 'chat', model: 'up-member', tools: true, price: { input: 1, output: 2 } },
      s: { provider: 'chat', model: 'up-shadow', tools: true, price: { input: 1, output: 2 } },
      t: { provider: 'chat', model: 'up-shadow-2', tools: true },
      ...models,
    },
    collections: { agents: { members: ['a'], reply: 'route', order: 'listed', timeouts: fast, ...(shadow ? { shadow } : {}) } },
    defaults: { timeouts: fast, retry: { serverErrorRetries: 0 } },
  };
}

export const ask = (text: string, extra: Partial<NeutralRequest> = {}): NeutralRequest => ({
  model: '',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: true,
  extra: {},
  ...extra,
});

/** A SQLite ledger file in a fresh temp folder, and how to remove it. */
export function sqliteOnDisk(): { url: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-shadows-'));
  return { url: `sqlite:${join(dir, 'ledger.db')}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`not so after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
