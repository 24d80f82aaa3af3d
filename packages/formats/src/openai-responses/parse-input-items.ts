import { InvalidRequestError } from '../errors/invalid-request-error';
import type { AssistantMessage, Extra, Message, ReasoningPart, TextPart, ToolCallPart, ToolMessage, ToolResultPart } from '../neutral/content';
import { parseWithSchema } from '../shared/parse-with-schema';
import { freeformArguments } from '../shared/freeform-input';
import { safeParseJSON } from '../shared/safe-parse-json';
import { COMPACTION_INTRO, readBenchCompaction } from './bench-compaction';
import { extraOrUndefined, isRecord, restOf } from './extra-fields';
import {
  customToolCallItemSchema,
  customToolCallOutputItemSchema,
  functionCallItemSchema,
  functionCallOutputItemSchema,
  messageItemSchema,
  reasoningItemSchema,
  type MessageItem,
} from './openai-responses-api';
import { parseMessageParts } from './parse-message-parts';
import { parseReasoningItem } from './parse-reasoning-item';

/** An input item the neutral model has no node for, kept verbatim with its position. */
export interface UnmappedItem {
  at: number;
  item: Record<string, unknown>;
}

export interface ParsedInput {
  system: TextPart[];
  /** See `NeutralRequest.systemBeforeReplies` (counted in this `system`). */
  systemBeforeReplies?: number;
  messages: Message[];
  unmapped: UnmappedItem[];
}

/**
 * Responses `input` items → neutral system parts and messages. Consecutive
 * assistant-side items (reasoning, assistant message, function_call,
 * custom_tool_call) become one assistant message; consecutive tool outputs
 * one tool message; system and developer messages go to `system`, with their place in
 * `$at` hints; a compaction bench wrote becomes a user message with its
 * summary; unknown item types are kept with their position.
 */
export function parseInputItems(items: ReadonlyArray<unknown>): ParsedInput {
  const out: ParsedInput = { system: [], messages: [], unmapped: [] };
  const toolNames = new Map<string, { name: string; namespace?: string }>();
  items.forEach((raw, at) => {
    const path = ['input', at];
    if (!isRecord(raw)) throw new InvalidRequestError([{ path: `input[${at}]`, message: 'expected an object' }]);
    const type = raw.type;
    if (type === undefined || type === 'message') {
      if (raw.role === undefined && type === undefined) {
        throw new InvalidRequestError([{ path: `input[${at}]`, message: 'expected a message (with a role) or an item with a type' }]);
      }
      addMessage(out, parseWithSchema(messageItemSchema, raw, path), at);
    } else if (type === 'function_call') {
      const item = parseWithSchema(functionCallItemSchema, raw, path);
      if (item.arguments !== '' && !safeParseJSON(item.arguments).success) {
        throw new InvalidRequestError([{ path: `input[${at}].arguments`, message: 'expected the arguments as JSON text' }]);
      }
      const part: ToolCallPart = { type: 'tool-call', id: item.call_id, name: item.name, arguments: item.arguments };
      if (item.namespace !== undefined) part.namespace = item.namespace;
      toolNames.set(item.call_id, part);
      const extra = extraOrUndefined(restOf(item, ['type', 'call_id', 'name', 'namespace', 'arguments']));
      if (extra) part.extra = extra;
      assistantMessage(out.messages).content.push(part);
    } else if (type === 'custom_tool_call') {
      const item = parseWithSchema(customToolCallItemSchema, raw, path);
      const part: ToolCallPart = { type: 'tool-call', id: item.call_id, name: item.name, freeform: true, arguments: freeformArguments(item.input) };
      if (item.namespace !== undefined) part.namespace = item.namespace;
      toolNames.set(item.call_id, part);
      const extra = extraOrUndefined(restOf(item, ['type', 'call_id', 'name', 'namespace', 'input']));
      if (extra) part.extra = extra;
      assistantMessage(out.messages).content.push(part);
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const item = parseWithSchema(type === 'function_call_output' ? functionCallOutputItemSchema : customToolCallOutputItemSchema, raw, path);
      const extra = restOf(item, ['type', 'call_id', 'output']);
      const content =
        typeof item.output === 'string'
          ? [{ type: 'text' as const, text: item.output }]
          : parseMessageParts(item.output, 'input_text', [...path, 'output'], true);
      if (typeof item.output === 'string') extra.$string = true;
      const part: ToolResultPart = { type: 'tool-result', callId: item.call_id, content };
      const call = toolNames.get(item.call_id);
      if (call !== undefined) part.name = call.name;
      if (call?.namespace !== undefined) part.namespace = call.namespace;
      if (type === 'custom_tool_call_output') extra.$custom = true;
      const kept = extraOrUndefined(extra);
      if (kept) part.extra = kept;
      toolMessage(out.messages).content.push(part);
    } else if (type === 'compaction' || type === 'compaction_summary') {
      // OpenAI's own compaction only OpenAI reads: kept as it is, like any item with no neutral form.
      const summary = readBenchCompaction(raw.encrypted_content);
      if (summary === undefined) out.unmapped.push({ at, item: raw });
      else out.messages.push({ role: 'user', content: [{ type: 'text', text: `${COMPACTION_INTRO}\n\n${summary}` }] });
    } else if (type === 'reasoning') {
      const part: ReasoningPart = parseReasoningItem(parseWithSchema(reasoningItemSchema, raw, path));
      assistantMessage(out.messages).content.push(part);
    } else if (typeof type === 'string') {
      out.unmapped.push({ at, item: raw });
    } else {
      throw new InvalidRequestError([{ path: `input[${at}].type`, message: 'expected a string' }]);
    }
  });
  return out;
}

function addMessage(out: ParsedInput, item: MessageItem, at: number): void {
  const itemExtra = restOf(item, ['type', 'role', 'content']);
  const hints: Extra = {};
  if (item.type === undefined) hints.$noType = true;
  if (typeof item.content === 'string') hints.$string = true;
  const path = ['input', at, 'content'];
  switch (item.role) {
    case 'user': {
      const content =
        typeof item.content === 'string' ? [{ type: 'text' as const, text: item.content }] : parseMessageParts(item.content, 'input_text', path, true);
      const extra = extraOrUndefined({ ...itemExtra, ...hints });
      out.messages.push(extra ? { role: 'user', content, extra } : { role: 'user', content });
      return;
    }
    case 'assistant': {
      const parts = itemParts(item, 'output_text', path);
      markItemStart(parts[0], itemExtra, hints);
      assistantMessage(out.messages).content.push(...parts);
      return;
    }
    case 'system':
    case 'developer': {
      if (out.systemBeforeReplies === undefined && out.messages.some((message) => message.role === 'assistant')) {
        out.systemBeforeReplies = out.system.length;
      }
      const parts = itemParts(item, 'input_text', path);
      for (const part of parts) part.extra = { ...part.extra, $at: at };
      markItemStart(parts[0], itemExtra, { ...hints, $role: item.role });
      out.system.push(...parts);
      return;
    }
    default: {
      const unreachable: never = item.role;
      return unreachable;
    }
  }
}

/** A message item's parts as text parts (assistant and system messages hold text only); never empty. */
function itemParts(item: MessageItem, textDefault: 'input_text' | 'output_text', path: ReadonlyArray<PropertyKey>): TextPart[] {
  if (typeof item.content === 'string') return [{ type: 'text', text: item.content }];
  // Files stay verbatim here: the neutral model has them only as user and tool input.
  const parts = parseMessageParts(item.content, textDefault, path, false);
  const texts: TextPart[] = [];
  parts.forEach((part, index) => {
    if (part.type !== 'text') {
      throw new InvalidRequestError([{ path: `input[${String(path[1])}].content[${index}]`, message: `an image is not allowed in a ${item.role} message` }]);
    }
    texts.push(part);
  });
  if (texts.length === 0) texts.push({ type: 'text', text: '', extra: { $empty: true } });
  return texts;
}

/** The first part of a message item carries the item's own fields, and which keys they are. */
function markItemStart(part: TextPart | undefined, itemExtra: Extra, hints: Extra): void {
  if (!part) return;
  const itemKeys = Object.keys(itemExtra);
  part.extra = { ...part.extra, ...itemExtra, ...hints, $item: true, ...(itemKeys.length > 0 ? { $itemKeys: itemKeys } : {}) };
}

function assistantMessage(messages: Message[]): AssistantMessage {
  const last = messages[messages.length - 1];
  if (last?.role === 'assistant') return last;
  const created: AssistantMessage = { role: 'assistant', content: [] };
  messages.push(created);
  return created;
}

function toolMessage(messages: Message[]): ToolMessage {
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') return last;
  const created: ToolMessage = { role: 'tool', content: [] };
  messages.push(created);
  return created;
}
