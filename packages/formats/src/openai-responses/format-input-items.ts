import type { AssistantMessage, Message, TextPart, ToolResultPart, UserMessage } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { freeformText } from '../shared/freeform-input';
import { signatureUpstream } from '../shared/signature-provenance';
import { wireToolName } from '../shared/tool-names';
import { formatContentPart, splitItemFields } from './format-content-part';
import { isBenchReasoningId } from './bench-reasoning-id';
import { formatReasoningItem } from './format-reasoning-item';
import { warnForeignExtra, wireFields } from './extra-fields';

type Item = Record<string, unknown>;

/** An item with a fixed place in `input` (a developer message, an unmapped item). */
export interface PlacedItem {
  at: number;
  item: Item;
}

/** Neutral messages → Responses input items, then the placed items put back where they sat. */
export function formatInputItems(messages: ReadonlyArray<Message>, placed: PlacedItem[], same: boolean, warnings: Warning[]): Item[] {
  const flow: Item[] = [];
  const freeform = freeformCallIds(messages);
  messages.forEach((message, index) => {
    const path = `messages[${index}]`;
    if (!same) warnForeignExtra(message.extra, path, warnings);
    switch (message.role) {
      case 'user':
        formatUser(message.content, message.extra, same, path, flow, warnings, freeform);
        return;
      case 'assistant':
        formatAssistant(message, same, path, flow, warnings);
        return;
      case 'tool':
        message.content.forEach((part, at) => flow.push(formatToolResult(part, same, `${path}.content[${at}]`, warnings, freeform)));
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  });
  return placeItems(flow, placed);
}

/** Inserts each placed item at its index among the flowing ones. */
export function placeItems(flow: Item[], placed: PlacedItem[]): Item[] {
  if (placed.length === 0) return flow;
  const sorted = [...placed].sort((a, b) => a.at - b.at);
  const out: Item[] = [];
  let next = 0;
  for (const entry of sorted) {
    while (out.length < entry.at && next < flow.length) out.push(flow[next++] as Item);
    out.push(entry.item);
  }
  while (next < flow.length) out.push(flow[next++] as Item);
  return out;
}

function formatUser(
  content: UserMessage['content'],
  extra: Message['extra'],
  same: boolean,
  path: string,
  flow: Item[],
  warnings: Warning[],
  freeform: ReadonlySet<string>,
): void {
  let parts: Array<Record<string, unknown>> = [];
  const texts: TextPart[] = [];
  const flush = () => {
    if (parts.length === 0) return;
    // wireFields makes a fresh object: the item is built in it (a copy given new keys is slow in Node 20).
    const item: Item = same ? wireFields(extra) : {};
    if (same && extra?.$noType !== true) item.type = 'message';
    item.role = 'user';
    const only = texts[0];
    item.content = same && extra?.$string === true && parts.length === 1 && only ? only.text : parts;
    flow.push(item);
    parts = [];
    texts.length = 0;
  };
  content.forEach((part, at) => {
    const partPath = `${path}.content[${at}]`;
    if (part.type === 'tool-result') {
      flush();
      flow.push(formatToolResult(part, same, partPath, warnings, freeform));
      return;
    }
    if (part.type === 'text') texts.push(part);
    if (!same) warnForeignExtra(part.extra, partPath, warnings);
    parts.push(formatContentPart(part, 'input_text', same));
  });
  if (parts.length === 0 && content.length === 0) {
    const item: Item = same ? wireFields(extra) : {};
    if (same && extra?.$noType !== true) item.type = 'message';
    item.role = 'user';
    item.content = same && extra?.$string === true ? '' : [];
    flow.push(item);
    return;
  }
  flush();
}

function formatAssistant(message: AssistantMessage, same: boolean, path: string, flow: Item[], warnings: Warning[]): void {
  let open: { item: Item; parts: Array<Record<string, unknown>>; first: TextPart } | undefined;
  const close = () => {
    if (!open) return;
    const hints = same ? open.first.extra : undefined;
    if (hints?.$empty === true) open.item.content = [];
    else if (hints?.$string === true && open.parts.length === 1) open.item.content = open.first.text;
    else open.item.content = open.parts;
    flow.push(open.item);
    open = undefined;
  };
  message.content.forEach((part, at) => {
    const partPath = `${path}.content[${at}]`;
    if (!same) warnForeignExtra(part.extra, partPath, warnings);
    switch (part.type) {
      case 'text': {
        const starts = same && part.extra?.$item === true;
        if (starts || !open) {
          close();
          const head: Item = starts ? splitItemFields(part.extra).item : {};
          if (same && part.extra?.$noType !== true) head.type = 'message';
          head.role = 'assistant';
          open = { item: head, parts: [], first: part };
        }
        const fields = same ? splitItemFields(part.extra).part : {};
        open.parts.push(formatContentPart(part, 'output_text', same, fields));
        return;
      }
      case 'image':
        warnings.push({ code: 'dropped', path: partPath, message: 'OpenAI Responses takes no images in assistant messages; the image was not sent' });
        return;
      case 'reasoning':
        close();
        if (part.signature !== undefined && signatureUpstream('openai-responses', part.signature, part.signatureFrom) === undefined) {
          warnings.push({
            code: 'dropped',
            path: partPath,
            message: `reasoning signed by a ${part.signatureFrom} provider: OpenAI could not read it as its encrypted content`,
          });
          return;
        }
        // Reasoning from a model of another protocol has no encrypted content, and no id OpenAI issued: it would look the id up and fail.
        if (part.signature === undefined && (!same || isBenchReasoningId(part.extra?.id))) {
          warnings.push({
            code: 'dropped',
            path: partPath,
            message: 'reasoning with no encrypted content and no OpenAI item id (from a model of another protocol): OpenAI could not find it',
          });
          return;
        }
        flow.push(formatReasoningItem(part, same, flow.length));
        return;
      case 'tool-call': {
        close();
        const item: Item = same ? wireFields(part.extra) : {};
        item.type = part.freeform ? 'custom_tool_call' : 'function_call';
        item.call_id = part.id;
        item.name = wireToolName('openai-responses', part.name, undefined);
        if (part.namespace !== undefined) item.namespace = part.namespace;
        if (part.freeform) item.input = freeformText(part.arguments);
        else item.arguments = part.arguments;
        flow.push(item);
        return;
      }
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  close();
}

/** The ids of the freeform tools' calls: their results are `custom_tool_call_output` items. */
function freeformCallIds(messages: ReadonlyArray<Message>): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) if (part.type === 'tool-call' && part.freeform) ids.add(part.id);
  }
  return ids;
}

function formatToolResult(part: ToolResultPart, same: boolean, path: string, warnings: Warning[], freeform: ReadonlySet<string>): Item {
  if (!same) warnForeignExtra(part.extra, path, warnings);
  if (part.isError) {
    warnings.push({
      code: 'dropped',
      path: `${path}.isError`,
      message: 'OpenAI Responses has no error flag on tool results; the result was sent as a plain output',
    });
  }
  const item: Item = same ? wireFields(part.extra) : {};
  const only = part.content[0];
  const asString = same
    ? part.extra?.$string === true && part.content.length === 1 && only?.type === 'text'
    : part.content.length === 0 || (part.content.length === 1 && only?.type === 'text' && !only.extra);
  const output = asString
    ? only?.type === 'text'
      ? only.text
      : ''
    : part.content.map((inner, at) => {
        if (!same) warnForeignExtra(inner.extra, `${path}.content[${at}]`, warnings);
        return formatContentPart(inner, 'input_text', same);
      });
  // The caller's own request says which it was; a translated one, by the call it answers.
  const custom = same ? part.extra?.$custom === true : freeform.has(part.callId);
  item.type = custom ? 'custom_tool_call_output' : 'function_call_output';
  item.call_id = part.callId;
  item.output = output;
  return item;
}
