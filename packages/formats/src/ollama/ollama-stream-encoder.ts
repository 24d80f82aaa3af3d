import type { FormatStreamOptions, StreamEncoder } from '../codec';
import type { FinishEvent, StreamEvent } from '../neutral/stream-event';
import { toOllamaDoneReason } from './map-ollama-finish-reason';
import { toOllamaCounts } from './map-ollama-usage';
import { wireFields } from './rest-of';
import { replyToolInput } from '../shared/reply-tool-input';
import { flatToolName } from '../shared/tool-names';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Neutral events → Ollama NDJSON, one JSON object a line: content, thinking
 * and whole tool calls with `done: false`, then the `done: true` line with
 * done_reason, counts and `finish.extra`. Tool calls are buffered until their
 * end (Ollama sends each whole). An error is `{"error": …}`.
 */
export function createOllamaStreamEncoder(options?: FormatStreamOptions): StreamEncoder {
  const generate = options?.endpoint === 'generate';
  let model = options?.model ?? options?.request?.model ?? '';
  let createdAt = new Date().toISOString();
  let head: string | undefined;
  let finished = false;
  let toolIndex = 0;
  const pending = new Map<string, PendingCall>();

  const lineHead = (): string => (head ??= `{"model":${JSON.stringify(model)},"created_at":${JSON.stringify(createdAt)},`);

  const toolCallLine = (call: PendingCall): string => {
    pending.delete(call.id);
    if (generate) return '';
    const wire = { id: call.id, function: { index: toolIndex++, name: call.name, arguments: replyToolInput(call.args, 'tool_calls') } };
    return `${lineHead()}"message":{"role":"assistant","content":"","tool_calls":[${JSON.stringify(wire)}]},"done":false}\n`;
  };

  const doneLine = (event: FinishEvent): string => {
    let out = '';
    for (const call of pending.values()) out += toolCallLine(call);
    const body: Record<string, unknown> = { model, created_at: createdAt };
    if (generate) body.response = '';
    else body.message = { role: 'assistant', content: '' };
    body.done = true;
    body.done_reason = toOllamaDoneReason(event.reason, event.rawReason);
    Object.assign(body, toOllamaCounts(event.usage), wireFields(event.extra));
    return `${out}${JSON.stringify(body)}\n`;
  };

  return {
    encode(event: StreamEvent): string {
      if (finished) return '';
      switch (event.type) {
        case 'start':
          if (head === undefined) {
            if (event.model !== undefined) model = event.model;
            if (event.created !== undefined) createdAt = new Date(event.created * 1000).toISOString();
          }
          return '';
        case 'text-delta':
          if (event.text === '') return '';
          return generate
            ? `${lineHead()}"response":${JSON.stringify(event.text)},"done":false}\n`
            : `${lineHead()}"message":{"role":"assistant","content":${JSON.stringify(event.text)}},"done":false}\n`;
        case 'reasoning-delta':
          if (event.text === '') return '';
          return generate
            ? `${lineHead()}"response":"","thinking":${JSON.stringify(event.text)},"done":false}\n`
            : `${lineHead()}"message":{"role":"assistant","content":"","thinking":${JSON.stringify(event.text)}},"done":false}\n`;
        case 'tool-call-start':
          pending.set(event.id, { id: event.id, name: flatToolName(event.name, event.namespace), args: '' });
          return '';
        case 'tool-call-delta': {
          const call = pending.get(event.id);
          if (call) call.args += event.argumentsDelta;
          return '';
        }
        case 'tool-call-end': {
          const call = pending.get(event.id);
          return call ? toolCallLine(call) : '';
        }
        case 'finish':
          finished = true;
          return doneLine(event);
        case 'error':
          finished = true;
          return `{"error":${JSON.stringify(event.error.message)}}\n`;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    },
    end(): string {
      if (finished) return '';
      finished = true;
      return '{"error":"the stream ended before the reply finished"}\n';
    },
  };
}
