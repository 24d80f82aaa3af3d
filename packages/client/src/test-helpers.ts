import type { NeutralRequest, Protocol, StreamEvent } from '@bench/formats';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach } from 'vitest';
import type { CallResult } from './call-result';
import { createClient, type Client } from './create-client';
import type { FailoverRun } from './failover-run';
import type { ModelTarget } from './model-target';

/** Short deadlines so fault tests stay fast. */
export const FAST = { firstTokenMs: 500, idleMs: 500, totalMs: 5_000 };

export function ask(text = 'What is 2 + 2?', stream = true): NeutralRequest {
  return { model: 'caller-model', system: [], messages: [{ role: 'user', content: [{ type: 'text', text }] }], stream, extra: {} };
}

export function target(upstream: FakeUpstream, alias: string, more: Partial<ModelTarget> = {}): ModelTarget {
  const api: Protocol = more.api ?? 'openai-chat';
  return { alias, api, baseURL: upstream.baseURL(api), model: alias, apiKey: 'sk-test-key', ...more };
}

export async function readAll(run: FailoverRun): Promise<{ events: StreamEvent[]; result: CallResult }> {
  const events: StreamEvent[] = [];
  for await (const event of run.events) events.push(event);
  return { events, result: await run.result };
}

export const texts = (events: StreamEvent[]): string[] => events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : []));

/**
 * A fresh fake upstream and a client with FAST deadlines for each test of the
 * file, both closed after it: `fixture.upstream`, `fixture.client` inside tests.
 */
export function useClientAndUpstream(): { readonly upstream: FakeUpstream; readonly client: Client } {
  const fixture = {} as { upstream: FakeUpstream; client: Client };
  beforeEach(async () => {
    fixture.upstream = await startFakeUpstream();
    fixture.client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 50 } });
  });
  afterEach(async () => {
    await fixture.client.close();
    await fixture.upstream.close();
  });
  return fixture;
}
