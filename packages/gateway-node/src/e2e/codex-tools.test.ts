import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// m1 OpenAI Chat, m4 Anthropic, m5 Gemini; m6 an OpenAI Responses member.
const { t, sdks } = useTestGateway({
  config: (base) => ({
    ...base,
    models: { ...base.models, m6: { provider: 'responses', model: 'up-6', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true } },
  }),
});

const parameters = { type: 'object', properties: { task: { type: 'string' } }, required: ['task'], additionalProperties: false };

/** Tools as Codex sends them: plain functions and its sub-agent namespace. */
const codexTools: OpenAI.Responses.Tool[] = [
  { type: 'function', name: 'exec_command', description: 'Runs a command.', strict: false, parameters },
  {
    type: 'namespace',
    name: 'multi_agent_v1',
    description: 'Tools to run sub-agents.',
    tools: [
      { type: 'function', name: 'spawn_agent', description: 'Starts a sub-agent.', strict: false, parameters },
      { type: 'function', name: 'wait_agent', description: 'Waits for one.', strict: false, parameters },
    ],
  },
];

const UPSTREAM: Record<string, string> = { m1: 'up-1', m4: 'up-4', m5: 'up-5', m6: 'up-6' };

function scriptSpawn(model: string): void {
  t().upstream.script(UPSTREAM[model]!, {
    answer: { toolCalls: [{ id: 'call_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' }] },
  });
}

function lastBody(model: string): any {
  return t().upstream.requestsFor(UPSTREAM[model]!).at(-1)!.body;
}

describe('Codex namespaced tools (sub-agents, MCP servers) through the gateway', () => {
  it.each(['m4', 'm1', 'm5'])(
    '%s (no namespaces in its protocol): declared flat, and the call reaches Codex as the tool and its namespace, streamed and not',
    async (model) => {
      scriptSpawn(model);
      const reply = await sdks().openai.responses.create({ model, input: 'split the work', tools: codexTools });
      expect(reply.output).toEqual([
        expect.objectContaining({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' }),
      ]);
      expect(JSON.stringify(lastBody(model))).toContain('"multi_agent_v1__wait_agent"');

      scriptSpawn(model);
      const streamed = await sdks().openai.responses.stream({ model, input: 'split the work', tools: codexTools }).finalResponse();
      expect(streamed.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1' })]);
    },
  );

  it('the next turn sends the namespaced call and its output to an Anthropic member under the flat name', async () => {
    t().upstream.script('up-4', { answer: { text: 'agent started' } });
    const reply = await sdks().openai.responses.create({
      model: 'm4',
      tools: codexTools,
      input: [
        { type: 'message', role: 'user', content: 'split the work' },
        {
          type: 'function_call',
          call_id: 'call_1',
          name: 'spawn_agent',
          namespace: 'multi_agent_v1',
          arguments: '{"task":"tests"}',
        } as OpenAI.Responses.ResponseFunctionToolCall,
        { type: 'function_call_output', call_id: 'call_1', output: 'agent-7 started' },
      ],
    });
    expect(reply.output_text).toBe('agent started');
    const [, assistant, user] = lastBody('m4').messages;
    expect(assistant.content).toEqual([expect.objectContaining({ type: 'tool_use', id: 'call_1', name: 'multi_agent_v1__spawn_agent' })]);
    expect(user.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'call_1' })]);
  });

  it('an OpenAI Responses member gets the namespace tool as Codex sent it, and its namespaced call comes back whole', async () => {
    scriptSpawn('m6');
    const streamed = await sdks().openai.responses.stream({ model: 'm6', input: 'split the work', tools: codexTools }).finalResponse();
    expect(lastBody('m6').tools).toEqual(codexTools);
    expect(streamed.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1' })]);
  });
});

describe("Codex's apply_patch (a custom, freeform tool) through the gateway", () => {
  const PATCH = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-const a = 1;\n+const a = 2;\n*** End Patch';
  const applyPatch: OpenAI.Responses.CustomTool = {
    type: 'custom',
    name: 'apply_patch',
    description: 'Use the `apply_patch` tool to edit files. This is a FREEFORM tool, so do not wrap the patch in JSON.',
    format: { type: 'grammar', syntax: 'lark', definition: 'start: begin_patch hunk+ end_patch' },
  };

  function scriptPatch(model: string, freeform = false): void {
    t().upstream.script(UPSTREAM[model]!, {
      answer: { toolCalls: [{ id: 'call_p', name: 'apply_patch', freeform, arguments: JSON.stringify({ input: PATCH }) }] },
    });
  }

  it.each(['m4', 'm1', 'm5'])(
    '%s: declared as a function of an `input` string, and its call reaches Codex as a custom_tool_call with the patch, streamed and not',
    async (model) => {
      scriptPatch(model);
      const reply = await sdks().openai.responses.create({ model, input: 'change a to 2', tools: [applyPatch] });
      expect(reply.output).toEqual([expect.objectContaining({ type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: PATCH })]);
      const declared = JSON.stringify(lastBody(model));
      expect(declared).toContain('"apply_patch"');
      expect(declared).toContain('start: begin_patch hunk+ end_patch');

      scriptPatch(model);
      const streamed = await sdks()
        .openai.responses.stream({ model, input: 'change a to 2', tools: [applyPatch] })
        .finalResponse();
      expect(streamed.output).toEqual([expect.objectContaining({ type: 'custom_tool_call', name: 'apply_patch', input: PATCH })]);
    },
  );

  it('the next turn sends the patch and its result to an Anthropic member as a tool_use with {input} and its tool_result', async () => {
    t().upstream.script('up-4', { answer: { text: 'changed' } });
    await sdks().openai.responses.create({
      model: 'm4',
      tools: [applyPatch],
      input: [
        { type: 'message', role: 'user', content: 'change a to 2' },
        { type: 'custom_tool_call', call_id: 'call_p', name: 'apply_patch', input: PATCH },
        { type: 'custom_tool_call_output', call_id: 'call_p', output: 'Success. Updated the following files:\nM src/a.ts' },
      ],
    });
    const [, assistant, user] = lastBody('m4').messages;
    expect(assistant.content).toEqual([expect.objectContaining({ type: 'tool_use', id: 'call_p', name: 'apply_patch', input: { input: PATCH } })]);
    expect(user.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'call_p' })]);
  });

  it('an OpenAI Responses member gets the custom tool as Codex sent it, and its custom_tool_call comes back whole', async () => {
    scriptPatch('m6', true);
    const streamed = await sdks()
      .openai.responses.stream({ model: 'm6', input: 'change a to 2', tools: [applyPatch] })
      .finalResponse();
    expect(lastBody('m6').tools).toEqual([applyPatch]);
    expect(streamed.output).toEqual([expect.objectContaining({ type: 'custom_tool_call', name: 'apply_patch', input: PATCH })]);
  });
});
