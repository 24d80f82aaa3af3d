import type { NeutralRequest, ToolNamespace } from '@bench/formats';
import { startFakeUpstream, type FakeUpstream } from '@bench/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { ask, FAST, readAll, target } from './test-helpers';

let upstream: FakeUpstream;
let client: Client;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  client = createClient({ timeouts: FAST, random: () => 0 });
});
afterEach(async () => {
  await client.close();
  await upstream.close();
});

const agents: ToolNamespace = { name: 'multi_agent_v1', description: 'Sub-agents.' };
const schema = { type: 'object', properties: { task: { type: 'string' } } };

/** A Codex turn: a plain tool and two of its sub-agent namespace. */
function codexTurn(stream: boolean): NeutralRequest {
  return {
    ...ask('Split the work.', stream),
    tools: [
      { name: 'exec_command', inputSchema: schema },
      { name: 'spawn_agent', inputSchema: schema, namespace: agents },
      { name: 'wait_agent', inputSchema: schema, namespace: agents },
    ],
  };
}

const FLAT_PROTOCOLS = ['openai-chat', 'anthropic', 'gemini', 'ollama'] as const;

describe('tools in a namespace (Codex), called through one upstream', () => {
  it.each(FLAT_PROTOCOLS.flatMap((api) => [[api, true] as const, [api, false] as const]))(
    'a %s upstream (streamed: %s) calling the flat name gives the caller the tool and its namespace',
    async (api, stream) => {
      // The fake writes a namespaced call as the flat name, as a model of this protocol would call it.
      upstream.script('m1', { answer: { toolCalls: [{ id: 'call_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' }] } });
      const { events, result } = await readAll(client.call(target(upstream, 'm1', { api }), codexTurn(stream)));
      expect(events.find((event) => event.type === 'tool-call-start')).toMatchObject({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
      expect(result.toolCalls).toEqual([
        { type: 'tool-call', id: expect.any(String), name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' },
      ]);
      expect(JSON.stringify(upstream.requests[0]?.body)).toContain('"multi_agent_v1__wait_agent"');
    },
  );

  it('an OpenAI Responses upstream gets the namespace tool and its namespaced call comes back as it is', async () => {
    upstream.script('m1', { answer: { toolCalls: [{ id: 'call_1', name: 'wait_agent', namespace: 'multi_agent_v1', arguments: '{}' }] } });
    const { result } = await readAll(client.call(target(upstream, 'm1', { api: 'openai-responses' }), codexTurn(true)));
    expect((upstream.requests[0]?.body as { tools?: unknown } | undefined)?.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'exec_command' }),
      expect.objectContaining({
        type: 'namespace',
        name: 'multi_agent_v1',
        description: 'Sub-agents.',
        tools: [expect.objectContaining({ name: 'spawn_agent' }), expect.objectContaining({ name: 'wait_agent' })],
      }),
    ]);
    expect(result.toolCalls).toEqual([{ type: 'tool-call', id: 'call_1', name: 'wait_agent', namespace: 'multi_agent_v1', arguments: '{}' }]);
  });
});

describe('a custom (freeform) tool (Codex apply_patch), called through one upstream', () => {
  const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
  const freeformSchema = { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] };
  const turn = (stream: boolean): NeutralRequest => ({
    ...ask('Add a.txt.', stream),
    tools: [{ name: 'apply_patch', inputSchema: freeformSchema, freeform: { format: { type: 'grammar', syntax: 'lark', definition: 'start: patch' } } }],
  });

  it.each(FLAT_PROTOCOLS.flatMap((api) => [[api, true] as const, [api, false] as const]))(
    'a %s upstream (streamed: %s) calling it with {input} gives the caller a freeform call',
    async (api, stream) => {
      upstream.script('m1', { answer: { toolCalls: [{ id: 'call_1', name: 'apply_patch', arguments: JSON.stringify({ input: PATCH }) }] } });
      const { events, result } = await readAll(client.call(target(upstream, 'm1', { api }), turn(stream)));
      expect(events.find((event) => event.type === 'tool-call-start')).toMatchObject({ name: 'apply_patch', freeform: true });
      expect(result.toolCalls).toEqual([
        { type: 'tool-call', id: expect.any(String), name: 'apply_patch', freeform: true, arguments: JSON.stringify({ input: PATCH }) },
      ]);
    },
  );

  it('an OpenAI Responses upstream gets the custom tool, and its custom_tool_call comes back freeform with the text as input', async () => {
    upstream.script('m1', { answer: { toolCalls: [{ id: 'call_1', name: 'apply_patch', freeform: true, arguments: JSON.stringify({ input: PATCH }) }] } });
    const { result } = await readAll(client.call(target(upstream, 'm1', { api: 'openai-responses' }), turn(true)));
    expect((upstream.requests[0]?.body as { tools?: unknown } | undefined)?.tools).toEqual([
      { type: 'custom', name: 'apply_patch', format: { type: 'grammar', syntax: 'lark', definition: 'start: patch' } },
    ]);
    expect(result.toolCalls).toEqual([{ type: 'tool-call', id: 'call_1', name: 'apply_patch', freeform: true, arguments: JSON.stringify({ input: PATCH }) }]);
  });
});
