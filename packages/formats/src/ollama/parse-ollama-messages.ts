import type { AssistantContentPart, Extra, ImagePart, Message, TextPart, ToolCallPart, ToolResultPart } from '../neutral/content';
import type { OllamaMessage, OllamaToolCall } from './ollama-api';
import { mergeExtra, restOf } from './rest-of';
import { FALLBACK_IMAGE_MEDIA_TYPE, sniffImageMediaType } from './sniff-image-media-type';
import { argumentsToJSON } from './tool-call-arguments';

interface Pending {
  id: string;
  name: string;
}

/**
 * Ollama messages → neutral system parts and messages. A system message after
 * the first other message keeps its index (`$at`); content that was absent
 * (not empty) is `$noContent`; tool calls and results without ids get
 * `call_<n>` (`$generatedId`, `$noCallId`).
 */
export function parseOllamaMessages(wire: OllamaMessage[]): { system: TextPart[]; systemBeforeReplies?: number; messages: Message[] } {
  const system: TextPart[] = [];
  const messages: Message[] = [];
  let replied = false;
  let systemBeforeReplies: number | undefined;
  let toolCalls = 0;
  let pending: Pending[] = [];

  for (let index = 0; index < wire.length; index++) {
    const message = wire[index] as OllamaMessage;
    const noContent = message.content === undefined ? { $noContent: true } : undefined;
    switch (message.role) {
      case 'system': {
        if (replied) systemBeforeReplies ??= system.length;
        const at = messages.length > 0 ? { $at: index } : undefined;
        const extra = mergeExtra(restOf(message, ['role', 'content']), at, noContent);
        system.push(withExtra<TextPart>({ type: 'text', text: message.content ?? '' }, extra));
        break;
      }
      case 'user': {
        const content: Array<TextPart | ImagePart> = [];
        if (message.content) content.push({ type: 'text', text: message.content });
        for (const image of message.images ?? []) content.push(imagePart(image));
        const extra = mergeExtra(restOf(message, mappedWith(message, ['role', 'content'])), noContent);
        messages.push(withExtra<Message>({ role: 'user', content }, extra));
        break;
      }
      case 'assistant': {
        replied = true;
        const content: AssistantContentPart[] = [];
        const mapped = mappedWith(message, ['role', 'content']);
        if (message.thinking) {
          content.push({ type: 'reasoning', text: message.thinking });
          mapped.push('thinking');
        }
        if (message.content) content.push({ type: 'text', text: message.content });
        for (const image of message.images ?? []) content.push(imagePart(image));
        if (message.tool_calls && message.tool_calls.length > 0) {
          mapped.push('tool_calls');
          pending = [];
          for (const call of message.tool_calls) {
            toolCalls++;
            const part = toolCallPart(call, toolCalls);
            pending.push({ id: part.id, name: part.name });
            content.push(part);
          }
        }
        const extra = mergeExtra(restOf(message, mapped), noContent);
        messages.push(withExtra<Message>({ role: 'assistant', content }, extra));
        break;
      }
      case 'tool': {
        const match = matchPending(pending, message);
        if (match) pending = pending.filter((call) => call !== match);
        let callId = message.tool_call_id ?? match?.id;
        if (callId === undefined) callId = `call_${++toolCalls}`;
        const content: Array<TextPart | ImagePart> = [];
        if (message.content) content.push({ type: 'text', text: message.content });
        for (const image of message.images ?? []) content.push(imagePart(image));
        const name = message.tool_name ?? match?.name;
        const extra = mergeExtra(
          restOf(message, mappedWith(message, ['role', 'content', 'tool_name', 'tool_call_id'])),
          noContent,
          message.tool_call_id === undefined ? { $noCallId: true } : undefined,
          message.tool_name === undefined ? { $noToolName: true } : undefined,
        );
        const part: ToolResultPart = { type: 'tool-result', callId, content };
        if (name !== undefined) part.name = name;
        messages.push({ role: 'tool', content: [withExtra(part, extra)] });
        break;
      }
      default: {
        const unreachable: never = message.role;
        return unreachable;
      }
    }
  }
  return systemBeforeReplies === undefined ? { system, messages } : { system, systemBeforeReplies, messages };
}

/** `images` counts as mapped only when it held images: an empty array stays in `extra`. */
export function mappedWith(node: { images?: string[] | undefined }, mapped: string[]): string[] {
  return node.images && node.images.length > 0 ? [...mapped, 'images'] : mapped;
}

function matchPending(pending: Pending[], message: OllamaMessage): Pending | undefined {
  if (message.tool_call_id !== undefined) return pending.find((call) => call.id === message.tool_call_id);
  if (message.tool_name !== undefined) return pending.find((call) => call.name === message.tool_name);
  return pending[0];
}

function toolCallPart(call: OllamaToolCall, n: number): ToolCallPart {
  const part: ToolCallPart = {
    type: 'tool-call',
    id: call.id ?? `call_${n}`,
    name: call.function.name,
    arguments: argumentsToJSON(call.function.arguments),
  };
  const fn = restOf(call.function, ['name', 'arguments']);
  const extra = mergeExtra(restOf(call, ['id', 'function']), fn ? { $function: fn } : undefined, call.id === undefined ? { $generatedId: true } : undefined);
  return withExtra(part, extra);
}

export function imagePart(data: string): ImagePart {
  const sniffed = sniffImageMediaType(data);
  const part: ImagePart = {
    type: 'image',
    source: { kind: 'base64', mediaType: sniffed ?? FALLBACK_IMAGE_MEDIA_TYPE, data },
  };
  return sniffed ? part : { ...part, extra: { $mediaTypeGuessed: true } };
}

function withExtra<T extends { extra?: Extra }>(node: T, extra: Extra | undefined): T {
  if (extra) node.extra = extra;
  return node;
}
