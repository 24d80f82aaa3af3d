import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { mcpClient, resultText } from './mcp-client';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let root: Client;
let alice: Client;

beforeAll(async () => {
  t = await startKeyedGateway({
    config: (base) => ({
      ...base,
      server: { ...base.server, bodyLimitBytes: 100_000 },
      models: { ...base.models, slow1: { provider: 'chat', model: 'up-slow1' }, slow2: { provider: 'chat', model: 'up-slow2' } },
      collections: {
        ...base.collections,
        council: { members: ['m1', 'm2'], merger: 'm3', reply: 'merged', description: 'a merged answer' },
        slow: { members: ['slow1', 'slow2'], reply: 'all' },
      },
    }),
  });
  root = await mcpClient(t.url, KEYS.root);
  alice = await mcpClient(t.url, KEYS.alice);
});
afterAll(async () => {
  await root?.close();
  await alice?.close();
  await t.close();
});

const ask = (client: Client, args: Record<string, unknown>, options?: Parameters<Client['callTool']>[2]) =>
  client.callTool({ name: 'ask', arguments: args }, undefined, options) as Promise<CallToolResult>;

async function recordedCalls(): Promise<Array<Record<string, unknown>>> {
  let text = '';
  for await (const chunk of t.gateway.ledger.exportCalls({ format: 'jsonl' })) text += chunk;
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits (polling, no timing asserted) until `check` holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, tries = 100): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !check(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('MCP over Streamable HTTP at /mcp', () => {
  it('lists the four tools, each with a description that says when to use it', async () => {
    const { tools } = await root.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'collections', 'records', 'verdict']);
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(80);
    expect(tools.find((tool) => tool.name === 'ask')!.inputSchema.required).toEqual(['collection', 'task']);
  });

  it('ask "all": every seat answers, labelled with its model and call id, as text and structured content; the calls are in the ledger, via mcp', async () => {
    const result = await ask(root, { collection: 'core', task: 'name three colours', reply: 'all' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as { panel: string; reply: string; seats: Array<{ model: string; call: string; status: string; answer: string }> };
    expect(answer.reply).toBe('all');
    expect(answer.seats.map((seat) => seat.model).sort()).toEqual(['m1', 'm2', 'm3']);
    for (const seat of answer.seats) {
      expect(seat.status).toBe('ok');
      expect(seat.answer).toContain('name three colours');
      expect(resultText(result)).toContain(`## ${seat.model} (call ${seat.call}, ok)`);
    }
    const calls = await eventually(recordedCalls, (all) => all.filter((call) => call.unit === answer.panel).length === 3);
    const panelCalls = calls.filter((call) => call.unit === answer.panel);
    expect(panelCalls).toHaveLength(3);
    for (const call of panelCalls) expect(call).toMatchObject({ via: 'mcp', keyName: 'root', purpose: 'seat', collection: 'core' });
  });

  it('ask "merged": the merged answer by the merger, and the seats behind it', async () => {
    const result = await ask(root, { collection: 'council', task: 'pick a colour', context: 'the wall is white' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as { reply: string; merged: { model: string; call: string; answer: string }; seats: Array<{ model: string }> };
    expect(answer.reply).toBe('merged');
    expect(answer.merged.model).toBe('m3');
    expect(answer.merged.call).toMatch(/\.merger$/);
    expect(answer.merged.answer.length).toBeGreaterThan(0);
    expect(answer.seats.map((seat) => seat.model).sort()).toEqual(['m1', 'm2']);
    expect(resultText(result)).toContain(`Merged answer by m3 (call ${answer.merged.call})`);
    // The seats saw the context with the task.
    expect(JSON.stringify(t.upstream.requestsFor('up-1').at(-1)!.body)).toContain('the wall is white');
  });

  it('sends progress while the seats work: who sat, then each seat as it ends', async () => {
    const progress: Progress[] = [];
    const result = await ask(root, { collection: 'core', task: 'progress please' }, { onprogress: (p) => progress.push(p) });
    expect(result.isError).toBeFalsy();
    expect(progress[0]).toMatchObject({ progress: 0, total: 3 });
    expect(progress[0]!.message).toMatch(/^seated /);
    expect(progress.slice(1).map((p) => p.progress)).toEqual([1, 2, 3]);
    for (const alias of ['m1', 'm2', 'm3']) expect(progress.some((p) => p.message?.startsWith(`${alias} answered`))).toBe(true);
  });

  it('cancellation aborts the seats, and their calls are still recorded, as aborted', async () => {
    t.upstream.script('up-slow1', { hang: true });
    t.upstream.script('up-slow2', { hang: true });
    const controller = new AbortController();
    let panel: string | undefined;
    const asked = ask(
      root,
      { collection: 'slow', task: 'never answered' },
      {
        signal: controller.signal,
        onprogress: (p) => {
          panel = p.message;
          controller.abort();
        },
      },
    );
    await expect(asked).rejects.toThrow(/abort/i);
    expect(panel).toMatch(/^seated slow1, slow2/);
    const calls = await eventually(recordedCalls, (all) => all.filter((call) => call.collection === 'slow').length === 2);
    const slowCalls = calls.filter((call) => call.collection === 'slow');
    expect(slowCalls.map((call) => call.status)).toEqual(['aborted', 'aborted']);
    for (const call of slowCalls) expect(call.via).toBe('mcp');
  });

  it('verdict moves the record that records shows', async () => {
    const recordOf = async (alias: string) => {
      const result = (await root.callTool({ name: 'records', arguments: {} })) as CallToolResult;
      const collections = (result.structuredContent as { collections: Array<{ name: string; members: Array<{ alias: string; whole: { useful: number } }> }> })
        .collections;
      return collections.find((c) => c.name === 'core')!.members.find((m) => m.alias === alias)!.whole.useful;
    };
    const before = await recordOf('m2');
    const answer = (await ask(root, { collection: 'core', task: 'judge me' })).structuredContent as { seats: Array<{ model: string; call: string }> };
    const call = answer.seats.find((seat) => seat.model === 'm2')!.call;
    await eventually(recordedCalls, (all) => all.some((c) => c.id === call));
    const verdict = (await root.callTool({ name: 'verdict', arguments: { call, useful: true, note: 'clear' } })) as CallToolResult;
    expect(verdict.isError).toBeFalsy();
    expect(verdict.structuredContent).toMatchObject({ call, useful: true, note: 'clear' });
    // The router's records are read at most every two seconds: wait for the next read.
    expect(
      await eventually(
        () => recordOf('m2'),
        (useful) => useful === before + 1,
      ),
    ).toBe(before + 1);
  });

  it('a key sees and calls only its collections', async () => {
    const listed = (await alice.callTool({ name: 'collections', arguments: {} })) as CallToolResult;
    const names = (listed.structuredContent as { collections: Array<{ name: string; members: string[]; replyModes: string[] }> }).collections;
    expect(names.map((c) => c.name)).toEqual(['core']);
    expect(names[0]).toMatchObject({ members: ['m1', 'm2', 'm3'], replyModes: ['all', 'merged'], description: 'everyday questions' });
    const records = (await alice.callTool({ name: 'records', arguments: {} })) as CallToolResult;
    expect((records.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name)).toEqual(['core']);
    const rootListed = (await root.callTool({ name: 'collections', arguments: {} })) as CallToolResult;
    expect((rootListed.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name)).toContain('council');

    const refused = await ask(alice, { collection: 'council', task: 'hello' });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toBe('collection: this key may not call "council"; this key may call core');
  });

  it('refuses bad input as a tool error with the reason', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ collection: 'nope', task: 'hi' }, /^collection: unknown collection "nope"; this key may call .*core/],
      [{ collection: 'core', task: '   ' }, /^task: empty; say what the panel should do$/],
      [{ collection: 'core', task: 'x'.repeat(150_000) }, /^task: 150000 bytes together, more than the gateway takes \(server\.bodyLimitBytes: 100000\)/],
      [{ collection: 'core', task: 'hi', reply: 'route' }, /^reply: "route" answers with one member/],
      [{ collection: 'core' }, /task/],
    ];
    for (const [args, reason] of cases) {
      const result = await ask(root, args);
      expect(result.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
      expect(resultText(result)).toMatch(reason);
    }
    const unknownTool = (await root.callTool({ name: 'summon', arguments: {} })) as CallToolResult;
    expect(unknownTool.isError).toBe(true);
    expect(resultText(unknownTool)).toMatch(/Tool summon not found/);
    const badVerdict = (await root.callTool({ name: 'verdict', arguments: { call: 'p-none.1', useful: true } })) as CallToolResult;
    expect(badVerdict.isError).toBe(true);
    expect(resultText(badVerdict)).toMatch(/unknown call "p-none\.1"/);
    // The session still serves after every refusal.
    expect((await root.listTools()).tools).toHaveLength(4);
  });

  it('needs a key: none or a wrong one is refused; a session is bound to the key that opened it', async () => {
    await expect(mcpClient(t.url)).rejects.toThrow(/missing key/);
    await expect(mcpClient(t.url, 'wrong-key')).rejects.toThrow(/wrong key/);
    const session = (alice as unknown as { _transport: { sessionId?: string } })._transport.sessionId!;
    const response = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.root}`,
        'mcp-session-id': session,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/belongs to another key/);
  });
});
