// What an app that serves bench's collections as MCP tools writes (issue 23): an engine, bench's MCP server for a
// caller, and an MCP client asking a panel through it. scripts/pack-check.mjs includes this file only when
// packages/mcp exists and is public.
// The MCP SDK's types name the fetch API's `HeadersInit`, which @types/node does not declare globally: an app that
// type-checks them needs the DOM lib (or skipLibCheck), as here.
/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { createEngine, LOCAL_CALLER, parseConfig } from '@bench/engine';
import { createBenchMcpServer } from '@bench/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ANSWER, startUpstream } from './upstream.js';

const upstream = await startUpstream();
const engine = await createEngine(
  parseConfig({
    ledger: 'memory:',
    state: 'memory:',
    providers: { local: { baseURL: upstream.baseURL, api: 'openai-chat' } },
    models: { tiny: { provider: 'local', model: 'tiny-1', contextWindow: 32_000, maxOutput: 4_000, tools: true, vision: false } },
    collections: { panel: { members: ['tiny'], reply: 'all' } },
  }),
);
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const server = createBenchMcpServer(engine, LOCAL_CALLER);
const client = new Client({ name: 'pack-check', version: '1.0.0' });
try {
  await server.connect(serverSide);
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), ['ask', 'collections', 'records', 'verdict']);
  const result = await client.callTool({ name: 'ask', arguments: { collection: 'panel', task: 'Say hello.' } });
  assert.ok(!result.isError, JSON.stringify(result.content));
  const seats = (result.structuredContent as { seats: Array<{ model: string; answer: string }> }).seats;
  assert.equal(seats[0]?.answer, ANSWER.join(''));
  console.log(`mcp: ask answered "${seats[0]?.answer}" from ${seats[0]?.model}`);
} finally {
  await client.close();
  await engine.close();
  await upstream.close();
}
