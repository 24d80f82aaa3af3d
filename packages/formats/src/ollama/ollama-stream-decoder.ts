import type { StreamDecoder } from '../codec';
import type { FinishEvent, StreamEvent } from '../neutral/stream-event';
import { classifyError } from '../shared/classify-error';
import { createLineSplitter } from '../shared/ndjson';
import { safeParseJSON } from '../shared/safe-parse-json';
import { mapOllamaFinishReason } from './map-ollama-finish-reason';
import { mapOllamaUsage } from './map-ollama-usage';
import { createdSeconds, replyContent, unmappedFields } from './parse-ollama-reply';
import { readOllamaChunk } from './read-ollama-chunk';

/**
 * Ollama's NDJSON stream → neutral events. Each line is a whole chunk; a tool
 * call comes whole in one line (start, one delta, end). The `done: true` line
 * is the finish; `{"error": …}` is an error; a stream without either is cut.
 */
export function createOllamaStreamDecoder(): StreamDecoder {
  const lines = createLineSplitter();
  const malformed: string[] = [];
  const toolCalls = { count: 0 };
  let started = false;
  let ended = false;
  let sawToolCalls = false;
  let lineNumber = 0;

  const decodeLines = (batch: string[]): StreamEvent[] => {
    const out: StreamEvent[] = [];
    for (const line of batch) {
      lineNumber++;
      if (ended) continue;
      decodeLine(line, out);
    }
    return out;
  };

  const decodeLine = (line: string, out: StreamEvent[]): void => {
    const parsed = safeParseJSON(line);
    if (!parsed.success || typeof parsed.value !== 'object' || parsed.value === null) {
      malformed.push(`line ${lineNumber}: not a JSON object`);
      return;
    }
    const said = (parsed.value as { error?: unknown }).error;
    if (said !== undefined && said !== null) {
      if (!started) out.push({ type: 'start' });
      started = true;
      ended = true;
      const message = typeof said === 'string' ? said : JSON.stringify(said);
      out.push({ type: 'error', error: classifyError(502, { message }) });
      return;
    }
    const result = readOllamaChunk(parsed.value);
    if (!result.ok) {
      malformed.push(`line ${lineNumber}: not an Ollama chunk (${result.reason})`);
      return;
    }
    const chunk = result.chunk;
    if (!started) {
      started = true;
      const start: StreamEvent = { type: 'start' };
      if (chunk.model) start.model = chunk.model;
      const created = createdSeconds(chunk.created_at);
      if (created !== undefined) start.created = created;
      out.push(start);
    }
    for (const part of replyContent(chunk, toolCalls)) {
      if (part.type === 'text') out.push({ type: 'text-delta', text: part.text });
      else if (part.type === 'reasoning') out.push({ type: 'reasoning-delta', text: part.text });
      else if (part.type === 'tool-call') {
        sawToolCalls = true;
        out.push({ type: 'tool-call-start', id: part.id, name: part.name });
        out.push({ type: 'tool-call-delta', id: part.id, argumentsDelta: part.arguments });
        out.push({ type: 'tool-call-end', id: part.id });
      } else malformed.push(`line ${lineNumber}: ${part.type} in a stream chunk is not carried`);
    }
    if (chunk.done === true) {
      ended = true;
      const finish: FinishEvent = { type: 'finish', reason: mapOllamaFinishReason(chunk.done_reason, sawToolCalls) };
      if (chunk.done_reason != null) finish.rawReason = chunk.done_reason;
      const usage = mapOllamaUsage(chunk.prompt_eval_count, chunk.eval_count);
      if (usage) finish.usage = usage;
      const extra = unmappedFields(chunk);
      if (extra) finish.extra = extra;
      out.push(finish);
    }
  };

  return {
    malformed,
    push: (chunk) => decodeLines(lines.push(chunk)),
    end() {
      const out = decodeLines(lines.end());
      if (!ended) {
        if (!started) out.push({ type: 'start' });
        started = true;
        ended = true;
        out.push({
          type: 'error',
          error: { kind: 'upstream', status: 502, message: 'the Ollama stream ended without its done:true line (cut off)' },
        });
      }
      return out;
    },
  };
}
