import { createClient, type Client } from '@bench/client';
import type { NeutralRequest, ToolResultPart, UserContentPart } from '@bench/formats';
import { createLedger, type Ledger } from '@bench/ledger';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import type { PanelEvent } from './panel-event';
import type { PanelCollection, PanelMember } from './panel-member';
import type { PanelRun } from './panel-input';

/** Short deadlines so fault tests stay fast. */
export const FAST = { firstTokenMs: 300, idleMs: 300, totalMs: 5_000 };

export function ask(text = 'What is 2 + 2?', more: Partial<NeutralRequest> = {}): NeutralRequest {
  return { model: 'bench/core', system: [], messages: [{ role: 'user', content: [{ type: 'text', text }] }], stream: false, extra: {}, ...more };
}

export function askWith(parts: Array<UserContentPart | ToolResultPart>): NeutralRequest {
  return { ...ask(), messages: [{ role: 'user', content: parts }] };
}

export interface Bed {
  upstream: FakeUpstream;
  client: Client;
  ledger: Ledger;
  member(alias: string, more?: Partial<PanelMember>): PanelMember;
  close(): Promise<void>;
}

/** A fake upstream on a real socket, a client with short deadlines, and a real memory ledger. */
export async function startBed(): Promise<Bed> {
  const upstream = await startFakeUpstream();
  const client = createClient({ timeouts: FAST, random: () => 0, retry: { backoffMs: 20 } });
  const ledger = await createLedger('memory:');
  return {
    upstream,
    client,
    ledger,
    member: (alias, more = {}) => ({
      alias,
      target: { alias, api: 'openai-chat', baseURL: upstream.baseURL('openai-chat'), model: alias, apiKey: 'sk-test' },
      ...more,
    }),
    close: async () => {
      await client.close();
      await ledger.close();
      await upstream.close();
    },
  };
}

export function collection(members: string[], more: Partial<PanelCollection> = {}): PanelCollection {
  return { name: 'core', members, ...more };
}

export async function readEvents(run: PanelRun): Promise<PanelEvent[]> {
  const events: PanelEvent[] = [];
  for await (const event of run.events) events.push(event);
  return events;
}

/** Resolves with the error a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Returns what `fn` throws (fails when it does not throw). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
