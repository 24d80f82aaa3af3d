import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic/anthropic-codec';
import type { Codec } from './codec';
import { decode, encode as encodeWith } from './codec-test-streams';
import { geminiCodec } from './gemini/gemini-codec';
import type { NeutralReply } from './neutral/reply';
import type { NeutralRequest } from './neutral/request';
import type { StreamEvent } from './neutral/stream-event';
import { ollamaCodec } from './ollama/ollama-codec';
import { openaiChatCodec } from './openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses/openai-responses-codec';
import { answering, openaiClient } from './openai-responses/sdk-harness';
import { ReplyAccumulator } from './reply-accumulator';
import { createToolCallRestorer } from './shared/tool-names';

/** Codex's namespaced tools (its sub-agents, its MCP servers) through members of every protocol and back. */

const encode = (codec: Codec, events: StreamEvent[]) => encodeWith(codec, events, { id: 'resp_1', model: 'gpt-5.4' });

const params = { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] };

const codexRequest = {
  model: 'gpt-5.4',
  instructions: 'You are Codex.',
  input: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Split the work.' }] },
    { type: 'function_call', id: 'fc_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"tests"}', call_id: 'call_1' },
    { type: 'function_call_output', call_id: 'call_1', output: 'agent-7 started' },
  ],
  tools: [
    { type: 'function', name: 'exec_command', description: 'Runs a command.', strict: false, parameters: params },
    {
      type: 'namespace',
      name: 'multi_agent_v1',
      description: 'Tools to run sub-agents.',
      tools: [
        { type: 'function', name: 'spawn_agent', description: 'Starts a sub-agent.', strict: false, parameters: params },
        { type: 'function', name: 'wait_agent', description: 'Waits for one.', strict: false, parameters: params },
      ],
    },
    { type: 'web_search', external_web_access: false },
  ],
  stream: true,
};

const FLAT = 'multi_agent_v1__spawn_agent';

function parsed(): NeutralRequest {
  return openaiResponsesCodec.parseRequest(codexRequest);
}

type Body = Record<string, any>;

/** Where each protocol names the declared tools, the earlier call, and the earlier result's tool. */
const members: Array<[string, Codec, (body: Body) => { declared: string[]; firstDescription: string; called: string; resultOf?: string }]> = [
  [
    'OpenAI Chat',
    openaiChatCodec,
    (body) => ({
      declared: body.tools.map((tool: Body) => tool.function.name),
      firstDescription: body.tools[1].function.description,
      called: body.messages.find((m: Body) => m.tool_calls).tool_calls[0].function.name,
    }),
  ],
  [
    'Anthropic',
    anthropicCodec,
    (body) => ({
      declared: body.tools.map((tool: Body) => tool.name),
      firstDescription: body.tools[1].description,
      called: body.messages.find((m: Body) => m.role === 'assistant').content.find((c: Body) => c.type === 'tool_use').name,
    }),
  ],
  [
    'Gemini',
    geminiCodec,
    (body) => ({
      declared: body.tools[0].functionDeclarations.map((tool: Body) => tool.name),
      firstDescription: body.tools[0].functionDeclarations[1].description,
      called: body.contents.find((c: Body) => c.role === 'model').parts.find((p: Body) => p.functionCall).functionCall.name,
      resultOf: body.contents.flatMap((c: Body) => c.parts).find((p: Body) => p.functionResponse).functionResponse.name,
    }),
  ],
  [
    'Ollama',
    ollamaCodec,
    (body) => ({
      declared: body.tools.map((tool: Body) => tool.function.name),
      firstDescription: body.tools[1].function.description,
      called: body.messages.find((m: Body) => m.tool_calls).tool_calls[0].function.name,
      resultOf: body.messages.find((m: Body) => m.role === 'tool').tool_name,
    }),
  ],
];

/** A member's reply calling the tool by its flat name, as neutral (what its codec reads from the wire). */
const flatReply: NeutralReply = {
  id: 'r1',
  model: 'member',
  content: [{ type: 'tool-call', id: 'call_2', name: FLAT, arguments: '{"task":"docs"}' }],
  finishReason: 'tool-calls',
};

function memberStream(codec: Codec): string {
  return encode(codec, [
    { type: 'start', id: 'r1', model: 'member' },
    { type: 'tool-call-start', id: 'call_2', name: FLAT },
    { type: 'tool-call-delta', id: 'call_2', argumentsDelta: '{"task":"docs"}' },
    { type: 'tool-call-end', id: 'call_2' },
    { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } },
  ]);
}

/** The `item` of every `response.output_item.done` in a Responses stream. */
function doneItems(wire: string): Body[] {
  return wire
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: response.output_item.done\n'))
    .map((frame) => (JSON.parse(frame.split('\n')[1]!.slice('data: '.length)) as { item: Body }).item);
}

describe('Codex namespaced tools, parsed from a Responses request', () => {
  it('are neutral tools of one namespace, and the earlier call and its result know it', () => {
    const request = parsed();
    expect(request.tools?.map((tool) => [tool.namespace?.name, tool.name])).toEqual([
      [undefined, 'exec_command'],
      ['multi_agent_v1', 'spawn_agent'],
      ['multi_agent_v1', 'wait_agent'],
    ]);
    expect(request.messages[1]?.content[0]).toMatchObject({ type: 'tool-call', name: 'spawn_agent', namespace: 'multi_agent_v1' });
    expect(request.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', name: 'spawn_agent', namespace: 'multi_agent_v1' });
  });

  it('go back to an OpenAI Responses member as they came: the namespace tool and the call with its namespace', () => {
    const body = openaiResponsesCodec.formatRequest(parsed()).body as Body;
    expect(body.tools).toEqual(codexRequest.tools);
    expect(body.input[1]).toEqual(codexRequest.input[1]);
  });
});

describe.each(members)('to an upstream of %s', (_name, codec, read) => {
  it('each namespaced tool is declared by its flat name, the first with the namespace description, and the history uses the same names', () => {
    const { body, warnings } = codec.formatRequest(parsed());
    const seen = read(body as Body);
    expect(seen.declared).toEqual(['exec_command', 'multi_agent_v1__spawn_agent', 'multi_agent_v1__wait_agent']);
    expect(seen.firstDescription).toBe('Tools to run sub-agents.\n\nStarts a sub-agent.');
    expect(seen.called).toBe(FLAT);
    if (seen.resultOf !== undefined) expect(seen.resultOf).toBe(FLAT);
    expect(warnings.map((warning) => warning.path)).not.toContain('extra.other_tools.1');
  });

  it('its call of the flat name reaches the Codex client as the tool and its namespace (JSON and stream)', () => {
    const restore = createToolCallRestorer(parsed().tools, codec.protocol)!;
    const reply = codec.parseReply(codec.formatReply(flatReply).value);
    for (const part of reply.content) if (part.type === 'tool-call') restore(part);
    const output = openaiResponsesCodec.formatReply(reply).value.output as Body[];
    expect(output).toEqual([
      expect.objectContaining({ type: 'function_call', call_id: 'call_2', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"docs"}' }),
    ]);

    const events = decode(codec, memberStream(codec));
    for (const event of events) if (event.type === 'tool-call-start') restore(event);
    expect(doneItems(encode(openaiResponsesCodec, events))).toEqual([expect.objectContaining({ name: 'spawn_agent', namespace: 'multi_agent_v1' })]);
  });
});

describe('an OpenAI Responses member calling a namespaced tool', () => {
  const memberReply = {
    id: 'resp_m',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-5.4',
    output: [
      { id: 'fc_9', type: 'function_call', status: 'completed', call_id: 'call_9', name: 'wait_agent', namespace: 'multi_agent_v1', arguments: '{"task":"x"}' },
    ],
    usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 },
  };

  it('JSON: the namespace is read and written back', () => {
    const reply = openaiResponsesCodec.parseReply(memberReply);
    expect(reply.content[0]).toMatchObject({ name: 'wait_agent', namespace: 'multi_agent_v1' });
    expect((openaiResponsesCodec.formatReply(reply).value.output as Body[])[0]).toMatchObject({ name: 'wait_agent', namespace: 'multi_agent_v1' });
  });

  it('stream: decoded with it, accumulated with it, and the openai SDK reads it from what we encode', async () => {
    const wire = encode(openaiResponsesCodec, [
      { type: 'start', id: 'resp_m', model: 'gpt-5.4' },
      { type: 'tool-call-start', id: 'call_9', name: 'wait_agent', namespace: 'multi_agent_v1' },
      { type: 'tool-call-delta', id: 'call_9', argumentsDelta: '{"task":"x"}' },
      { type: 'tool-call-end', id: 'call_9' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    const events = decode(openaiResponsesCodec, wire);
    expect(events.find((event) => event.type === 'tool-call-start')).toEqual({
      type: 'tool-call-start',
      id: 'call_9',
      name: 'wait_agent',
      namespace: 'multi_agent_v1',
    });
    const accumulator = new ReplyAccumulator();
    for (const event of events) accumulator.add(event);
    expect(accumulator.toReply({ id: 'x', model: 'm' }).content[0]).toMatchObject({ name: 'wait_agent', namespace: 'multi_agent_v1' });

    const response = await openaiClient(answering(wire, 'text/event-stream')).responses.stream({ model: 'gpt-5.4', input: 'hi' }).finalResponse();
    expect(response.output[0]).toMatchObject({ type: 'function_call', name: 'wait_agent', namespace: 'multi_agent_v1' });
  });

  it('to a client of another protocol: the flat name', () => {
    const reply = openaiResponsesCodec.parseReply(memberReply);
    const chat = openaiChatCodec.formatReply(reply).value as Body;
    expect(chat.choices[0].message.tool_calls[0].function.name).toBe('multi_agent_v1__wait_agent');
    const stream = encode(anthropicCodec, [
      { type: 'start', id: 'resp_m', model: 'gpt-5.4' },
      { type: 'tool-call-start', id: 'call_9', name: 'wait_agent', namespace: 'multi_agent_v1' },
      { type: 'tool-call-end', id: 'call_9' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    expect(stream).toContain('"name":"multi_agent_v1__wait_agent"');
  });
});
