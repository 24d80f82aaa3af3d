import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic/anthropic-codec';
import type { Codec } from './codec';
import { decode, encode as encodeWith } from './codec-test-streams';
import { geminiCodec } from './gemini/gemini-codec';
import type { NeutralReply } from './neutral/reply';
import type { StreamEvent } from './neutral/stream-event';
import { ollamaCodec } from './ollama/ollama-codec';
import { openaiChatCodec } from './openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses/openai-responses-codec';
import { answering, openaiClient } from './openai-responses/sdk-harness';
import { ReplyAccumulator } from './reply-accumulator';
import { createToolCallRestorer } from './shared/tool-names';

/** Codex's apply_patch, a custom (freeform) tool that takes the patch as raw text, through members of every protocol and back. */

const encode = (codec: Codec, events: StreamEvent[]) => encodeWith(codec, events, { id: 'resp_1', model: 'gpt-5.4-codex' });

const PATCH = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-const a = "x";\n+const a = "y";\n*** End Patch';
const GRAMMAR = { type: 'grammar', syntax: 'lark', definition: 'start: begin_patch hunk+ end_patch\nbegin_patch: "*** Begin Patch" LF' };

const applyPatch = { type: 'custom', name: 'apply_patch', description: 'Use the `apply_patch` tool to edit files. This is a FREEFORM tool.', format: GRAMMAR };

const codexRequest = {
  model: 'gpt-5.4-codex',
  input: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Change a to y.' }] },
    { type: 'custom_tool_call', id: 'ctc_1', status: 'completed', call_id: 'call_1', name: 'apply_patch', input: PATCH },
    { type: 'custom_tool_call_output', call_id: 'call_1', output: 'Success. Updated the following files:\nM src/a.ts' },
  ],
  tools: [
    { type: 'function', name: 'exec_command', description: 'Runs a command.', strict: false, parameters: { type: 'object', properties: {} } },
    applyPatch,
  ],
  stream: true,
};

type Body = Record<string, any>;

interface Seen {
  /** The declared apply_patch: its description, and whether its schema takes an `input` string. */
  description: string;
  takesInput: boolean;
  /** The earlier call's arguments, as an object. */
  called: unknown;
  /** The earlier result's text. */
  result: string;
}

const asObject = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** OpenAI Chat and Ollama alike: `tools[].function`, the call in `tool_calls`, the result a `tool` message. */
function readChatShaped(body: Body): Seen {
  const tool = body.tools.find((t: Body) => t.function.name === 'apply_patch').function;
  return {
    description: tool.description,
    takesInput: tool.parameters.properties.input.type === 'string',
    called: asObject(body.messages.find((m: Body) => m.tool_calls).tool_calls[0].function.arguments),
    result: body.messages.find((m: Body) => m.role === 'tool').content,
  };
}

const members: Array<[string, Codec, (body: Body) => Seen]> = [
  ['OpenAI Chat', openaiChatCodec, readChatShaped],
  [
    'Anthropic',
    anthropicCodec,
    (body) => {
      const tool = body.tools.find((t: Body) => t.name === 'apply_patch');
      return {
        description: tool.description,
        takesInput: tool.input_schema.properties.input.type === 'string',
        called: body.messages[1].content.find((c: Body) => c.type === 'tool_use').input,
        result: JSON.stringify(body.messages[2].content.find((c: Body) => c.type === 'tool_result').content),
      };
    },
  ],
  [
    'Gemini',
    geminiCodec,
    (body) => {
      const tool = body.tools[0].functionDeclarations.find((t: Body) => t.name === 'apply_patch');
      const parts = body.contents.flatMap((c: Body) => c.parts);
      return {
        description: tool.description,
        takesInput: /string/i.test(tool.parameters.properties.input.type),
        called: parts.find((p: Body) => p.functionCall).functionCall.args,
        result: JSON.stringify(parts.find((p: Body) => p.functionResponse).functionResponse.response),
      };
    },
  ],
  ['Ollama', ollamaCodec, readChatShaped],
];

/** A member's call of apply_patch as a JSON tool: the patch in `input`, arguments streamed in three pieces. */
const memberCall: StreamEvent[] = [
  { type: 'start', id: 'r1', model: 'member' },
  { type: 'tool-call-start', id: 'call_2', name: 'apply_patch' },
  { type: 'tool-call-delta', id: 'call_2', argumentsDelta: '{"input":' },
  { type: 'tool-call-delta', id: 'call_2', argumentsDelta: JSON.stringify(PATCH).slice(0, 20) },
  { type: 'tool-call-delta', id: 'call_2', argumentsDelta: `${JSON.stringify(PATCH).slice(20)}}` },
  { type: 'tool-call-end', id: 'call_2' },
  { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } },
];

const memberReply: NeutralReply = {
  id: 'r1',
  model: 'member',
  content: [{ type: 'tool-call', id: 'call_2', name: 'apply_patch', arguments: JSON.stringify({ input: PATCH }) }],
  finishReason: 'tool-calls',
};

/** Each SSE frame's event name and data. */
function frames(wire: string): Array<{ event: string; data: Body }> {
  return wire
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: '))
    .map((frame) => {
      const [event, data] = frame.split('\n');
      return { event: event!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as Body };
    });
}

describe('a custom (freeform) tool parsed from a Responses request', () => {
  it('is a neutral freeform tool taking {input}, its call carries the text as input, and its output is a tool result', () => {
    const request = openaiResponsesCodec.parseRequest(codexRequest);
    expect(request.tools?.[1]).toMatchObject({ name: 'apply_patch', freeform: { format: GRAMMAR }, inputSchema: { required: ['input'] } });
    expect(request.messages[1]?.content[0]).toMatchObject({
      type: 'tool-call',
      id: 'call_1',
      name: 'apply_patch',
      freeform: true,
      arguments: JSON.stringify({ input: PATCH }),
    });
    expect(request.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'call_1', name: 'apply_patch' });
  });

  it('goes back to an OpenAI Responses member exactly as it came', () => {
    const body = openaiResponsesCodec.formatRequest(openaiResponsesCodec.parseRequest(codexRequest)).body as Body;
    expect(body.tools).toEqual(codexRequest.tools);
    expect(body.input).toEqual(codexRequest.input);
  });
});

describe.each(members)('to an upstream of %s', (_name, codec, read) => {
  it('is a function taking the text as an `input` string, described with its grammar; the earlier call and its result go as such', () => {
    const { body, warnings } = codec.formatRequest(openaiResponsesCodec.parseRequest(codexRequest));
    const seen = read(body as Body);
    expect(seen.takesInput).toBe(true);
    expect(seen.description).toContain('Use the `apply_patch` tool to edit files.');
    expect(seen.description).toContain(GRAMMAR.definition);
    expect(seen.called).toEqual({ input: PATCH });
    expect(seen.result).toContain('Updated the following files');
    expect(warnings.map((warning) => warning.path)).not.toContain('extra.other_tools');
  });

  it('its call reaches the Codex client as a custom_tool_call with the patch as input (JSON and stream)', () => {
    const restore = createToolCallRestorer(openaiResponsesCodec.parseRequest(codexRequest).tools, codec.protocol)!;
    const reply = codec.parseReply(codec.formatReply(memberReply).value);
    for (const part of reply.content) if (part.type === 'tool-call') restore(part);
    expect(openaiResponsesCodec.formatReply(reply).value.output).toEqual([
      expect.objectContaining({ type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: PATCH }),
    ]);

    const events = decode(codec, encode(codec, memberCall));
    for (const event of events) if (event.type === 'tool-call-start') restore(event);
    const sent = frames(encode(openaiResponsesCodec, events));
    expect(sent.find((frame) => frame.event === 'response.custom_tool_call_input.done')?.data.input).toBe(PATCH);
    expect(sent.find((frame) => frame.event === 'response.output_item.done')?.data.item).toMatchObject({
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: PATCH,
    });
  });
});

describe('an OpenAI Responses member calling a custom tool', () => {
  const streamed = encode(openaiResponsesCodec, [
    { type: 'start', id: 'resp_m', model: 'gpt-5.4-codex' },
    { type: 'tool-call-start', id: 'call_9', name: 'apply_patch', freeform: true },
    { type: 'tool-call-delta', id: 'call_9', argumentsDelta: JSON.stringify({ input: PATCH }) },
    { type: 'tool-call-end', id: 'call_9' },
    { type: 'finish', reason: 'tool-calls' },
  ]);

  it('streams its input in custom_tool_call_input events, which decode back to the same call, accumulated as freeform', () => {
    const sent = frames(streamed).map((frame) => frame.event);
    expect(sent).toEqual(expect.arrayContaining(['response.custom_tool_call_input.delta', 'response.custom_tool_call_input.done']));
    expect(sent).not.toContain('response.function_call_arguments.delta');
    const events = decode(openaiResponsesCodec, streamed);
    const accumulator = new ReplyAccumulator();
    for (const event of events) accumulator.add(event);
    const [call] = accumulator.toReply({ id: 'x', model: 'm' }).content;
    expect(call).toMatchObject({ type: 'tool-call', name: 'apply_patch', freeform: true });
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ input: PATCH });
  });

  it('decodes input that came in several deltas, or only whole in the item, to the same arguments', () => {
    const added = {
      type: 'response.output_item.added',
      output_index: 0,
      item: { id: 'ctc_1', type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '' },
    };
    const done = {
      type: 'response.output_item.done',
      output_index: 0,
      item: { id: 'ctc_1', type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: PATCH },
    };
    const deltas = [PATCH.slice(0, 9), PATCH.slice(9)].map((delta) => ({
      type: 'response.custom_tool_call_input.delta',
      item_id: 'ctc_1',
      output_index: 0,
      delta,
    }));
    const completed = { type: 'response.completed', response: { id: 'r', status: 'completed', output: [done.item] } };
    const sse = (events: object[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
    for (const wire of [sse([added, ...deltas, done, completed]), sse([added, done, completed])]) {
      const args = decode(openaiResponsesCodec, wire)
        .filter((event) => event.type === 'tool-call-delta')
        .map((event) => (event as { argumentsDelta: string }).argumentsDelta)
        .join('');
      expect(JSON.parse(args)).toEqual({ input: PATCH });
    }
  });

  it('the openai SDK reads the custom_tool_call with its input from what we encode', async () => {
    const response = await openaiClient(answering(streamed, 'text/event-stream')).responses.stream({ model: 'gpt-5.4-codex', input: 'hi' }).finalResponse();
    expect(response.output[0]).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', input: PATCH });
  });

  it('JSON: read as a freeform call and written back as a custom_tool_call', () => {
    const reply = openaiResponsesCodec.parseReply({
      id: 'resp_m',
      status: 'completed',
      model: 'gpt-5.4-codex',
      output: [{ id: 'ctc_9', type: 'custom_tool_call', call_id: 'call_9', name: 'apply_patch', input: PATCH }],
    });
    expect(reply.finishReason).toBe('tool-calls');
    expect(reply.content[0]).toMatchObject({ freeform: true, arguments: JSON.stringify({ input: PATCH }) });
    expect(openaiResponsesCodec.formatReply(reply).value.output).toEqual([
      { id: 'ctc_9', type: 'custom_tool_call', call_id: 'call_9', name: 'apply_patch', input: PATCH },
    ]);
  });
});
