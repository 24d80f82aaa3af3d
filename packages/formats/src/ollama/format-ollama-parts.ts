import type { Extra, ImagePart, ToolCallPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { publicKeys, wireFields } from './rest-of';
import { replyToolInput } from '../shared/reply-tool-input';
import { flatToolName } from '../shared/tool-names';
import { isInertField } from '../shared/inert-fields';

/** Warns about each wire field of another protocol that Ollama cannot carry. */
export function warnExtra(extra: Extra | undefined, path: string, warnings: Warning[]): void {
  for (const key of publicKeys(extra)) {
    if (isInertField(key, path, 'ollama')) continue;
    warnings.push({ code: 'dropped', path: `${path}.${key}`, message: `Ollama has no "${key}"; it is not sent` });
  }
}

/** An image as Ollama takes it: bare base64. A data: URL is unwrapped; other URLs cannot be sent. */
export function imageData(part: ImagePart, path: string, warnings: Warning[]): string | undefined {
  if (part.source.kind === 'base64') return part.source.data;
  const url = part.source.url;
  const comma = url.indexOf(',');
  if (url.startsWith('data:') && comma > 0 && url.slice(0, comma).endsWith(';base64')) return url.slice(comma + 1);
  warnings.push({ code: 'dropped', path, message: 'Ollama takes images only as base64, not by URL; the image is not sent' });
  return undefined;
}

/** Ollama takes text and images only: a file (a document) is left out. */
export function droppedFile(path: string, warnings: Warning[]): void {
  warnings.push({ code: 'dropped', path, message: 'Ollama takes no files (documents); the file is not sent' });
}

/** A neutral tool call as Ollama's `tool_calls` entry: arguments as an object. */
export function formatToolCall(part: ToolCallPart, same: boolean, path: string, warnings: Warning[]): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: flatToolName(part.name, part.namespace), arguments: replyToolInput(part.arguments, path, warnings) };
  const hinted = part.extra?.$function;
  if (same && typeof hinted === 'object' && hinted !== null) Object.assign(fn, hinted);
  const call: Record<string, unknown> = same ? wireFields(part.extra) : {};
  if (!same) warnExtra(part.extra, path, warnings);
  if (!(same && part.extra?.$generatedId === true)) call.id = part.id;
  call.function = fn;
  return call;
}
