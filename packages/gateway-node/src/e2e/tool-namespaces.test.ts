import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// m1 OpenAI Chat, m4 Anthropic, m5 Gemini; m6 an OpenAI Responses member.
const { t, sdks } = useTestGateway({
  config: (base) => ({ ...base, models: { ...base.models, m6: { provider: 'responses', model: 'up-6', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true } } }),
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
  t().upstream.script(UPSTREAM[model]!, { answer: { toolCalls: [{ id: 'call_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' }] } });
}

function lastBody(model: string): any {
  return t().upstream.requestsFor(UPSTREAM[model]!).at(-1)!.body;
}

describe('Codex namespaced tools (sub-agents, MCP servers) through the gateway', () => {
  it.each(['m4', 'm1', 'm5'])('%s (no namespaces in its protocol): declared flat, and the call reaches Codex as the tool and its namespace, streamed and not', async (model) => {
    scriptSpawn(model);
    const reply = await sdks().openai.responses.create({ model, input: 'split the work', tools: codexTools });
    expect(reply.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' })]);
    expect(JSON.stringify(lastBody(model))).toContain('"multi_agent_v1__wait_agent"');

    scriptSpawn(model);
    const streamed = await sdks().openai.responses.stream({ model, input: 'split the work', tools: codexTools }).finalResponse();
    expect(streamed.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1' })]);
  });

  it('the next turn sends the namespaced call and its output to an Anthropic member under the flat name', async () => {
    t().upstream.script('up-4', { answer: { text: 'agent started' } });
    const reply = await sdks().openai.responses.create({
      model: 'm4',
      tools: codexTools,
      input: [
        { type: 'message', role: 'user', content: 'split the work' },
        { type: 'function_call', call_id: 'call_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}' } as OpenAI.Responses.ResponseFunctionToolCall,
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
