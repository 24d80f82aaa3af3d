import { InvalidRequestError } from '../errors/invalid-request-error';
import type { AssistantContentPart, Extra, Message, TextPart, ToolCallPart } from '../neutral/content';
import { safeParseJSON } from '../shared/safe-parse-json';
import { AT, CONTENT, EMPTY_ARRAY, EMPTY_TOOL_CALLS, MESSAGE_EXTRA, NO_ID, ROLE } from './hints';
import type { WireMessage, WireToolCall } from './openai-chat-api';
import { parseContentParts, parseTextPart, unmappedExtra } from './parse-openai-chat-content';
import { splitExtra, withExtra } from './split-extra';

const SYSTEM_KEYS = new Set(['role', 'content']);
const USER_KEYS = new Set(['role', 'content']);
const ASSISTANT_KEYS = new Set(['role', 'content', 'reasoning_content', 'tool_calls']);
const TOOL_KEYS = new Set(['role', 'content', 'tool_call_id']);
const TOOL_CALL_KEYS = new Set(['id', 'type', 'function']);
const FUNCTION_KEYS = new Set(['name', 'arguments']);

export interface ParsedMessages {
  system: TextPart[];
  /** See `NeutralRequest.systemBeforeReplies`. */
  systemBeforeReplies?: number;
  messages: Message[];
}

/** Wire messages → neutral system parts (with their place kept in hints) and messages, one for one. */
export function parseMessages(wire: readonly WireMessage[]): ParsedMessages {
  const system: TextPart[] = [];
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  let toolCallCount = 0;
  let replied = false;
  let systemBeforeReplies: number | undefined;
  wire.forEach((message, at) => {
    const path = `messages[${at}]`;
    switch (message.role) {
      case 'system':
      case 'developer':
        if (replied) systemBeforeReplies ??= system.length;
        system.push(...parseSystem(message, at));
        return;
      case 'user': {
        const extra = splitExtra(message, USER_KEYS);
        if (typeof message.content === 'string') {
          messages.push({ role: 'user', content: [{ type: 'text', text: message.content }], extra: withExtra(extra, { [CONTENT]: 'string' }) });
          return;
        }
        const parsed = parseContentParts(message.content, `${path}.content`, true);
        const all = withExtra(extra, unmappedExtra(parsed.unmapped) ?? {});
        messages.push({ role: 'user', content: parsed.parts, ...(all ? { extra: all } : {}) });
        return;
      }
      case 'assistant': {
        replied = true;
        const content: AssistantContentPart[] = [];
        let extra = splitExtra(message, ASSISTANT_KEYS);
        // A null `content` is told by the CONTENT hint below, not kept as an unmapped field.
        if (extra && 'content' in extra) {
          const { content: _null, ...rest } = extra;
          extra = Object.keys(rest).length ? rest : undefined;
        }
        if (typeof message.reasoning_content === 'string') content.push({ type: 'reasoning', text: message.reasoning_content });
        const text = message.content;
        if (typeof text === 'string') {
          if (text) content.push({ type: 'text', text });
          extra = withExtra(extra, { [CONTENT]: text ? 'string' : 'empty' });
        } else if (Array.isArray(text)) {
          // Files stay verbatim in assistant messages: the neutral model has them only as input.
          const parsed = parseContentParts(text, `${path}.content`, false);
          for (const part of parsed.parts) if (part.type === 'text') content.push(part);
          extra = withExtra(extra, unmappedExtra(parsed.unmapped) ?? {});
        } else if (text === undefined) {
          extra = withExtra(extra, { [CONTENT]: 'absent' });
        } else {
          extra = withExtra(extra, { [CONTENT]: 'null' });
        }
        const calls = message.tool_calls ?? [];
        if (message.tool_calls && calls.length === 0) extra = withExtra(extra, { [EMPTY_TOOL_CALLS]: true });
        calls.forEach((call, index) => {
          const part = parseToolCall(call, `${path}.tool_calls[${index}]`, toolCallCount++);
          toolNames.set(part.id, part.name);
          content.push(part);
        });
        messages.push({ role: 'assistant', content, ...(extra ? { extra } : {}) });
        return;
      }
      case 'tool': {
        const extra = splitExtra(message, TOOL_KEYS);
        const name = toolNames.get(message.tool_call_id);
        const isString = typeof message.content === 'string';
        const content = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content.map(parseTextPart);
        messages.push({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              callId: message.tool_call_id,
              ...(name !== undefined ? { name } : {}),
              content,
              ...(isString ? { extra: { [CONTENT]: 'string' } } : {}),
            },
          ],
          ...(extra ? { extra } : {}),
        });
        return;
      }
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  });
  return systemBeforeReplies === undefined ? { system, messages } : { system, systemBeforeReplies, messages };
}

function parseSystem(message: Extract<WireMessage, { role: 'system' | 'developer' }>, at: number): TextPart[] {
  const messageExtra = splitExtra(message, SYSTEM_KEYS);
  const place: Extra = { [AT]: at, [ROLE]: message.role };
  let parts: TextPart[];
  // Keys added to fresh objects rather than `{ ...place, key }`: Node 20 builds a spread given new keys on a slow path.
  if (typeof message.content === 'string') {
    parts = [{ type: 'text', text: message.content, extra: { [AT]: at, [ROLE]: message.role, [CONTENT]: 'string' } }];
  } else if (message.content.length === 0) {
    parts = [{ type: 'text', text: '', extra: { [AT]: at, [ROLE]: message.role, [EMPTY_ARRAY]: true } }];
  } else {
    parts = message.content.map((wire) => {
      const part = parseTextPart(wire);
      return { ...part, extra: { ...part.extra, ...place } };
    });
  }
  if (messageExtra) parts[0] = { ...parts[0]!, extra: { ...parts[0]!.extra, [MESSAGE_EXTRA]: messageExtra } };
  return parts;
}

function parseToolCall(call: WireToolCall, path: string, ordinal: number): ToolCallPart {
  const args = call.function.arguments;
  if (!safeParseJSON(args).success) {
    throw new InvalidRequestError([{ path: `${path}.function.arguments`, message: 'expected the arguments as JSON text' }]);
  }
  const outer = splitExtra(call, TOOL_CALL_KEYS);
  const inner = splitExtra(call.function, FUNCTION_KEYS);
  let extra: Extra | undefined = withExtra(outer, inner ? { function: inner } : {});
  if (call.id === undefined) extra = withExtra(extra, { [NO_ID]: true });
  return {
    type: 'tool-call',
    id: call.id ?? `call_${ordinal}`,
    name: call.function.name,
    arguments: args,
    ...(extra ? { extra } : {}),
  };
}
