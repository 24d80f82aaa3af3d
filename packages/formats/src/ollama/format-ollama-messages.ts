import type { Extra, Message, ToolResultContentPart, ToolResultPart } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { droppedFile, formatToolCall, imageData, warnExtra } from './format-ollama-parts';
import { wireFields } from './rest-of';
import { flatToolName } from '../shared/tool-names';

type WireMessage = Record<string, unknown>;

interface Context {
  same: boolean;
  warnings: Warning[];
  names: Map<string, string>;
}

/** Neutral system parts and messages → Ollama's `messages`. */
export function formatOllamaMessages(request: NeutralRequest, warnings: Warning[]): WireMessage[] {
  const ctx: Context = { same: request.origin === 'ollama', warnings, names: toolNames(request.messages) };
  const out: WireMessage[] = [];
  const placed: Array<{ at: number; message: WireMessage }> = [];

  if (ctx.same) {
    for (const part of request.system) {
      const message = withContent({ role: 'system', ...wireFields(part.extra) }, part.text, part.extra);
      const at = part.extra?.$at;
      if (typeof at === 'number') placed.push({ at, message });
      else out.push(message);
    }
  } else if (request.system.length > 0) {
    request.system.forEach((part, i) => warnExtra(part.extra, `system[${i}]`, warnings));
    out.push({ role: 'system', content: request.system.map((part) => part.text).join('\n') });
  }

  request.messages.forEach((message, i) => formatMessage(message, `messages[${i}]`, ctx, out));

  placed.sort((a, b) => a.at - b.at);
  for (const { at, message } of placed) out.splice(Math.min(at, out.length), 0, message);
  return out;
}

function formatMessage(message: Message, path: string, ctx: Context, out: WireMessage[]): void {
  if (!ctx.same) warnExtra(message.extra, path, ctx.warnings);
  switch (message.role) {
    case 'user': {
      if (!message.content.some((part) => part.type === 'tool-result')) {
        out.push(plainMessage('user', message.content as ToolResultContentPart[], message.extra, path, 0, ctx));
        return;
      }
      // Tool results inside a user turn (Anthropic, Gemini) become Ollama tool messages, in order.
      let run: ToolResultContentPart[] = [];
      let runStart = 0;
      message.content.forEach((part, j) => {
        if (part.type !== 'tool-result') {
          if (run.length === 0) runStart = j;
          run.push(part);
          return;
        }
        if (run.length > 0) out.push(plainMessage('user', run, undefined, path, runStart, ctx));
        run = [];
        out.push(toolMessage(part, `${path}.content[${j}]`, ctx));
      });
      if (run.length > 0) out.push(plainMessage('user', run, undefined, path, runStart, ctx));
      return;
    }
    case 'assistant': {
      out.push(assistantMessage(message, path, ctx));
      return;
    }
    case 'tool': {
      message.content.forEach((part, j) => out.push(toolMessage(part, `${path}.content[${j}]`, ctx)));
      return;
    }
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

function plainMessage(role: string, parts: ToolResultContentPart[], extra: Extra | undefined, path: string, offset: number, ctx: Context): WireMessage {
  const texts: string[] = [];
  const images: string[] = [];
  parts.forEach((part, j) => {
    const partPath = `${path}.content[${offset + j}]`;
    if (!ctx.same) warnExtra(part.extra, partPath, ctx.warnings);
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'file') droppedFile(partPath, ctx.warnings);
    else {
      const data = imageData(part, partPath, ctx.warnings);
      if (data !== undefined) images.push(data);
    }
  });
  const message = withContent({ role, ...(ctx.same ? wireFields(extra) : {}) }, texts.join('\n'), extra);
  if (images.length > 0) message.images = images;
  return message;
}

function assistantMessage(message: Extract<Message, { role: 'assistant' }>, path: string, ctx: Context): WireMessage {
  const texts: string[] = [];
  const thinking: string[] = [];
  const images: string[] = [];
  const calls: WireMessage[] = [];
  message.content.forEach((part, j) => {
    const partPath = `${path}.content[${j}]`;
    switch (part.type) {
      case 'text':
        if (!ctx.same) warnExtra(part.extra, partPath, ctx.warnings);
        texts.push(part.text);
        return;
      case 'image': {
        const data = imageData(part, partPath, ctx.warnings);
        if (data !== undefined) images.push(data);
        return;
      }
      case 'reasoning':
        if (!ctx.same) warnExtra(part.extra, partPath, ctx.warnings);
        if (part.redacted) {
          ctx.warnings.push({ code: 'dropped', path: partPath, message: 'Ollama cannot carry encrypted (redacted) reasoning; it is not sent' });
          return;
        }
        if (part.signature !== undefined) {
          ctx.warnings.push({ code: 'dropped', path: `${partPath}.signature`, message: 'Ollama has no reasoning signature; only the thinking text is sent' });
        }
        if (part.text) thinking.push(part.text);
        return;
      case 'tool-call':
        calls.push(formatToolCall(part, ctx.same, partPath, ctx.warnings));
        return;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
  const wire = withContent({ role: 'assistant', ...(ctx.same ? wireFields(message.extra) : {}) }, texts.join('\n'), message.extra);
  if (thinking.length > 0) wire.thinking = thinking.join('\n');
  if (images.length > 0) wire.images = images;
  if (calls.length > 0) wire.tool_calls = calls;
  return wire;
}

function toolMessage(part: ToolResultPart, path: string, ctx: Context): WireMessage {
  const extra = part.extra;
  const wire = plainMessage('tool', part.content, extra, path, 0, ctx);
  if (!ctx.same) warnExtra(extra, path, ctx.warnings);
  if (part.isError) {
    ctx.warnings.push({ code: 'dropped', path: `${path}.isError`, message: 'Ollama tool messages have no error flag; the result is sent as a plain result' });
  }
  const name = part.name !== undefined ? flatToolName(part.name, part.namespace) : ctx.names.get(part.callId);
  if (!(ctx.same && extra?.$noToolName === true)) {
    if (name !== undefined) wire.tool_name = name;
    else
      ctx.warnings.push({
        code: 'dropped',
        path: `${path}.name`,
        message: `no tool call ${part.callId} precedes this result, so Ollama's tool_name is missing`,
      });
  }
  if (!(ctx.same && extra?.$noCallId === true)) wire.tool_call_id = part.callId;
  return wire;
}

/** Sets `content`, unless the parsed message had none (`$noContent`) and there is still none. */
function withContent(message: WireMessage, text: string, extra: Extra | undefined): WireMessage {
  if (!(text === '' && extra?.$noContent === true)) message.content = text;
  return message;
}

function toolNames(messages: Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) if (part.type === 'tool-call') names.set(part.id, flatToolName(part.name, part.namespace));
  }
  return names;
}
