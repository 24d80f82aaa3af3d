import type { AssistantMessage, Message, TextPart, ToolCallPart, ToolResultPart, UserMessage } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { formatFilePart, formatImagePart, formatTextPart, spliceUnmapped, withoutUnmapped, type WirePart } from './format-openai-chat-content';
import { googleExtraContent } from './google-thought-signature';
import { openRouterDetails, type ReasoningDetail } from './openrouter-reasoning-details';
import { CONTENT, EMPTY_TOOL_CALLS, NO_ID } from './hints';
import { isRecord } from './split-extra';
import { toolResultMedia } from './tool-result-media';
import { dropped, ownFields, warnExtra } from './warn-extra';
import { wireToolName } from '../shared/tool-names';

type WireMessage = Record<string, unknown>;
const FUNCTION_SKIP = new Set(['function']);

/** Neutral messages → wire messages (a user message holding tool results becomes tool messages, then the rest). */
export function formatMessage(message: Message, index: number, own: boolean, warnings: Warning[]): WireMessage[] {
  const path = `messages[${index}]`;
  if (!own) warnExtra(message.extra, path, warnings);
  switch (message.role) {
    case 'user':
      return formatUser(message, path, own, warnings);
    case 'assistant':
      return [formatAssistant(message, path, own, warnings)];
    case 'tool': {
      const out = message.content.map((part, at) => formatToolResult(part, message.extra, `${path}.content[${at}]`, own, warnings));
      const media = message.content.flatMap((part, at) => toolResultMedia(part, `${path}.content[${at}]`, own, warnings));
      if (media.length > 0) out.push({ role: 'user', content: media });
      return out;
    }
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

function formatUser(message: UserMessage, path: string, own: boolean, warnings: Warning[]): WireMessage[] {
  const out: WireMessage[] = [];
  const parts: WirePart[] = [];
  const texts: TextPart[] = [];
  message.content.forEach((part, at) => {
    const partPath = `${path}.content[${at}]`;
    if (part.type === 'tool-result') {
      out.push(formatToolResult(part, undefined, partPath, own, warnings));
      parts.push(...toolResultMedia(part, partPath, own, warnings));
    } else if (part.type === 'text') {
      texts.push(part);
      parts.push(formatTextPart(part, own, partPath, warnings));
    } else if (part.type === 'image') parts.push(formatImagePart(part, own, partPath, warnings));
    else {
      const file = formatFilePart(part, own, partPath, warnings);
      if (file) parts.push(file);
    }
  });
  // Nothing left to send (only tool results, or only files Chat cannot take): no user message.
  if (parts.length === 0 && (out.length > 0 || message.content.length > 0)) return out;
  const plain = texts.length === parts.length && (own ? message.extra?.[CONTENT] === 'string' : parts.length === 1 && !hasFields(texts[0]));
  const content = plain ? texts.map((part) => part.text).join('') : own ? spliceUnmapped(parts, message.extra) : parts;
  out.push({ role: 'user', content, ...(own ? ownFields(message.extra, withoutUnmapped(message.extra)) : {}) });
  return out;
}

function formatAssistant(message: AssistantMessage, path: string, own: boolean, warnings: Warning[]): WireMessage {
  const texts: TextPart[] = [];
  const reasoning: string[] = [];
  const calls: WireMessage[] = [];
  // Google's signature (see google-thought-signature.ts) goes back on the call after it, or on the message.
  let signature: string | undefined;
  // OpenRouter's details (see openrouter-reasoning-details.ts) go back on the message, as they came.
  const details: ReasoningDetail[] = [];
  message.content.forEach((part, at) => {
    const partPath = `${path}.content[${at}]`;
    switch (part.type) {
      case 'text':
        texts.push(part);
        return;
      case 'reasoning': {
        if (part.redacted) return dropped(warnings, partPath, 'redacted (encrypted) reasoning');
        // Only a signature this codec read (Google's): OpenAI Chat itself has no place for one, so one of unknown origin is not Google's.
        const kept = part.signatureFrom === 'openai-chat' ? part.signature : undefined;
        if (part.signature !== undefined && kept === undefined)
          dropped(
            warnings,
            `${partPath}.signature`,
            part.signatureFrom ? `a reasoning signature of a ${part.signatureFrom} provider` : 'a reasoning signature',
          );
        const fromOpenRouter = kept === undefined ? undefined : openRouterDetails(kept);
        if (fromOpenRouter) details.push(...fromOpenRouter);
        else if (kept !== undefined) signature = kept;
        if (!own) warnExtra(part.extra, partPath, warnings);
        if (kept === undefined || part.text !== '') reasoning.push(part.text);
        return;
      }
      case 'tool-call': {
        const call = formatToolCall(part, own, partPath, warnings);
        if (signature !== undefined) {
          call.extra_content ??= googleExtraContent(signature);
          signature = undefined;
        }
        calls.push(call);
        return;
      }
      case 'image':
        return dropped(warnings, partPath, 'an image in an assistant message');
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  const wire: WireMessage = { role: 'assistant', content: assistantContent(texts, message, calls.length > 0, own, path, warnings) };
  if (wire.content === undefined) delete wire.content;
  // OpenRouter's details hold the reasoning's text themselves: sent instead of reasoning_content, unmodified.
  if (details.length) wire.reasoning_details = details;
  else if (reasoning.length) wire.reasoning_content = reasoning.join('\n');
  if (signature !== undefined) wire.extra_content = googleExtraContent(signature);
  if (calls.length || (own && message.extra?.[EMPTY_TOOL_CALLS] === true)) wire.tool_calls = calls;
  return own ? { ...wire, ...ownFields(message.extra, withoutUnmapped(message.extra)) } : wire;
}

function assistantContent(texts: TextPart[], message: AssistantMessage, hasCalls: boolean, own: boolean, path: string, warnings: Warning[]): unknown {
  const joined = () => texts.map((part) => part.text).join('');
  if (!own) {
    texts.forEach((part) => warnExtra(part.extra, path, warnings));
    if (texts.length === 0) return hasCalls ? null : '';
    return joined();
  }
  const hint = message.extra?.[CONTENT];
  if (texts.length === 0 && hint === 'null') return null;
  if (texts.length === 0 && hint === 'empty') return '';
  if (texts.length === 0 && hint === 'absent') return undefined;
  if (hint === 'string' || hint === 'null' || hint === 'empty' || hint === 'absent') return joined();
  return spliceUnmapped(
    texts.map((part, at) => formatTextPart(part, true, `${path}.content[${at}]`, warnings)),
    message.extra,
  );
}

function formatToolCall(part: ToolCallPart, own: boolean, path: string, warnings: Warning[]): WireMessage {
  if (!own) warnExtra(part.extra, path, warnings);
  const inner = own && isRecord(part.extra?.function) ? part.extra.function : {};
  const call: WireMessage = {
    id: part.id,
    type: 'function',
    function: { name: wireToolName('openai-chat', part.name, part.namespace), arguments: part.arguments, ...inner },
    ...(own ? ownFields(part.extra, FUNCTION_SKIP) : {}),
  };
  if (own && part.extra?.[NO_ID] === true) delete call.id;
  return call;
}

function formatToolResult(
  part: ToolResultPart,
  messageExtra: Record<string, unknown> | undefined,
  path: string,
  own: boolean,
  warnings: Warning[],
): WireMessage {
  if (!own) warnExtra(part.extra, path, warnings);
  if (part.isError) dropped(warnings, `${path}.isError`, 'a tool result error flag (the content is sent as is)');
  const texts: TextPart[] = [];
  // Images and files go after the tool messages (toolResultMedia).
  for (const inner of part.content) if (inner.type === 'text') texts.push(inner);
  let content: unknown;
  if (own && part.extra?.[CONTENT] === 'string') content = texts.map((text) => text.text).join('');
  else if (own) content = texts.map((text, at) => formatTextPart(text, true, `${path}.content[${at}]`, warnings));
  else {
    texts.forEach((text, at) => warnExtra(text.extra, `${path}.content[${at}]`, warnings));
    content = texts.map((text) => text.text).join('\n');
  }
  return { role: 'tool', tool_call_id: part.callId, content, ...(own ? ownFields(messageExtra) : {}) };
}

function hasFields(part: TextPart | undefined): boolean {
  return !!part?.extra && Object.keys(part.extra).some((key) => !key.startsWith('$'));
}
