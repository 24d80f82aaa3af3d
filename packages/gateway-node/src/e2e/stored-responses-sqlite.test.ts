import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '@bench/ledger';
import { afterAll, describe, expect, it } from 'vitest';
import { sdksFor } from './sdk-clients';
import { startTestGateway } from './test-gateway';

// With a SQLite ledger (and no Redis), stored Responses replies live in the ledger's file rather than the process's
// heap: a restarted gateway continues a conversation the one before it answered, and each stays until it has gone a
// day unread. The clock is the ledger's own (`now`), moved on between restarts.
const dir = mkdtempSync(join(tmpdir(), 'bench-stored-responses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'ledger.db');
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 5, 12);

async function gatewayAt(now: number) {
  const ledger = await createLedger(`sqlite:${file}`, { now: () => now });
  const t = await startTestGateway({ ledger, config: (base) => ({ ...base, ledger: `sqlite:${file}` }) });
  const lastMessages = () =>
    (t.upstream.requestsFor('up-1').at(-1)!.body as { messages: Array<{ role: string; content: unknown }> }).messages.map(
      (message) => `${message.role}: ${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}`,
    );
  return { t, openai: sdksFor(t.url).openai, lastMessages };
}

describe('stored responses in a SQLite ledger on disk', () => {
  it('continue across a restart, streamed or not; store: false keeps none; one unread for a day is gone', async () => {
    const first = await gatewayAt(T0);
    first.t.upstream.script('up-1', { answer: { text: 'Hello Ada.' } });
    const plain = await first.openai.responses.create({ model: 'bench/agents', input: 'My name is Ada.' });
    first.t.upstream.script('up-1', { answer: { text: 'Streamed hello.' } });
    let streamed = '';
    for await (const event of await first.openai.responses.create({ model: 'bench/agents', input: 'Stream to me.', stream: true })) {
      if (event.type === 'response.completed') streamed = event.response.id;
    }
    first.t.upstream.script('up-1', { answer: { text: 'not kept' } });
    const unkept = await first.openai.responses.create({ model: 'bench/agents', input: 'Do not keep this.', store: false });
    await first.t.close();

    const second = await gatewayAt(T0 + HOUR);
    try {
      second.t.upstream.script('up-1', { answer: { text: 'You are Ada.' } });
      const next = await second.openai.responses.create({ model: 'bench/agents', previous_response_id: plain.id, input: 'What is my name?' });
      expect(next.output_text).toBe('You are Ada.');
      expect(second.lastMessages()).toEqual(['user: My name is Ada.', 'assistant: Hello Ada.', 'user: What is my name?']);
      second.t.upstream.script('up-1', { answer: { text: 'ok' } });
      await second.openai.responses.create({ model: 'bench/agents', previous_response_id: streamed, input: 'Again.' });
      expect(second.lastMessages()).toEqual(['user: Stream to me.', 'assistant: Streamed hello.', 'user: Again.']);
      const retrieved = await second.openai.responses.retrieve(plain.id);
      expect(retrieved.output_text).toBe('Hello Ada.');
      await expect(second.openai.responses.create({ model: 'bench/agents', previous_response_id: unkept.id, input: 'go on' })).rejects.toMatchObject({
        status: 400,
        param: 'previous_response_id',
      });
    } finally {
      await second.t.close();
    }

    // 25 hours on: `next` (kept an hour after T0) and `plain` (read then) went unread for a day; so did `streamed`.
    const third = await gatewayAt(T0 + 26 * HOUR);
    try {
      for (const id of [plain.id, streamed]) {
        await expect(third.openai.responses.create({ model: 'bench/agents', previous_response_id: id, input: 'still there?' })).rejects.toMatchObject({
          status: 400,
          param: 'previous_response_id',
          message: expect.stringContaining(`no response "${id}" here`),
        });
      }
      await expect(third.openai.responses.retrieve(plain.id)).rejects.toMatchObject({ status: 404 });
    } finally {
      await third.t.close();
    }
  });
});
