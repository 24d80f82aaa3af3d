import { googleThoughtSignature } from './google-thought-signature';
import { type ReasoningDetail, readReasoningDetails, reasoningDetailsText } from './openrouter-reasoning-details';
import { usageSchema, type WireUsage } from './openai-chat-api';

export interface ToolCallDelta {
  index?: number;
  id?: string;
  name?: string;
  arguments?: string;
  /** Google's thought signature on the call (see google-thought-signature.ts). */
  signature?: string;
}

/** What the decoder uses of one `chat.completion.chunk`. */
export interface ChunkView {
  id?: string;
  model?: string;
  created?: number;
  reasoning?: string;
  content?: string;
  refusal?: string;
  toolCalls?: ToolCallDelta[];
  /** Google's thought signature on the delta (a text answer's). */
  signature?: string;
  /** OpenRouter's reasoning details on the delta (see openrouter-reasoning-details.ts). */
  reasoningDetails?: ReasoningDetail[];
  finishReason?: string;
  /** vLLM / SGLang `stop_reason`: the matched stop string (a stop token id is not kept). */
  stopSequence?: string;
  usage?: WireUsage;
}

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

class Malformed extends Error {}

// The caller reads the field itself (`str(obj.id, 'id')`): a named property read stays fast, chunk after chunk.
function str(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Malformed(`${key} is not a string`);
  return value;
}

function num(value: unknown, key: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') throw new Malformed(`${key} is not a number`);
  return value;
}

/**
 * Reads a parsed chunk leniently (absent or null fields are fine; a used
 * field of the wrong type is not), like the upstream schemas in
 * openai-chat-api.ts, but by hand: this runs once per token.
 * Returns what is wrong, as a string, for a malformed chunk.
 */
export function readOpenAIChatChunk(value: unknown): ChunkView | string {
  try {
    return read(value);
  } catch (error) {
    if (error instanceof Malformed) return error.message;
    throw error;
  }
}

function read(value: unknown): ChunkView {
  if (!isObj(value)) throw new Malformed('the chunk is not an object');
  const view: ChunkView = {};
  const id = str(value.id, 'id');
  if (id !== undefined) view.id = id;
  const model = str(value.model, 'model');
  if (model !== undefined) view.model = model;
  const created = num(value.created, 'created');
  if (created !== undefined) view.created = created;
  const choices = value.choices;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) throw new Malformed('choices is not an array');
    const choice: unknown = choices[0];
    if (choice !== undefined) {
      if (!isObj(choice)) throw new Malformed('choices[0] is not an object');
      const finish = str(choice.finish_reason, 'finish_reason');
      if (finish !== undefined) view.finishReason = finish;
      if (typeof choice.stop_reason === 'string') view.stopSequence = choice.stop_reason;
      const delta = choice.delta;
      if (delta !== undefined && delta !== null) readDelta(delta, view);
    }
  }
  if (value.usage !== undefined && value.usage !== null) {
    const usage = usageSchema.safeParse(value.usage);
    if (!usage.success) throw new Malformed('usage is not a usage object');
    view.usage = usage.data;
  }
  return view;
}

function readDelta(delta: unknown, view: ChunkView): void {
  if (!isObj(delta)) throw new Malformed('choices[0].delta is not an object');
  const reasoning = str(delta.reasoning_content, 'reasoning_content') ?? str(delta.reasoning, 'reasoning');
  if (reasoning !== undefined) view.reasoning = reasoning;
  if (delta.reasoning_details !== undefined && delta.reasoning_details !== null) {
    const details = readReasoningDetails(delta.reasoning_details);
    if (details !== undefined) {
      view.reasoningDetails = details;
      // OpenRouter sends the text beside its details as `reasoning`; where it does not, the details' text is it.
      if (reasoning === undefined) {
        const text = reasoningDetailsText(details);
        if (text !== '') view.reasoning = text;
      }
    }
  }
  const content = str(delta.content, 'content');
  if (content !== undefined) view.content = content;
  const refusal = str(delta.refusal, 'refusal');
  if (refusal !== undefined) view.refusal = refusal;
  if (delta.extra_content !== undefined) {
    const signature = googleThoughtSignature(delta.extra_content);
    if (signature !== undefined) view.signature = signature;
  }
  const calls = delta.tool_calls;
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) throw new Malformed('choices[0].delta.tool_calls is not an array');
  view.toolCalls = calls.map((call: unknown) => {
    if (!isObj(call)) throw new Malformed('a tool call delta is not an object');
    const out: ToolCallDelta = {};
    const index = num(call.index, 'index');
    if (index !== undefined) out.index = index;
    const callId = str(call.id, 'id');
    if (callId) out.id = callId;
    if (call.extra_content !== undefined) {
      const signature = googleThoughtSignature(call.extra_content);
      if (signature !== undefined) out.signature = signature;
    }
    const fn = call.function;
    if (fn !== undefined && fn !== null) {
      if (!isObj(fn)) throw new Malformed('a tool call delta function is not an object');
      const name = str(fn.name, 'name');
      if (name !== undefined) out.name = name;
      const args = str(fn.arguments, 'arguments');
      if (args !== undefined) out.arguments = args;
    }
    return out;
  });
}
