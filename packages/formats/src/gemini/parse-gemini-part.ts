import type { Extra, FilePart, ImagePart, ReasoningPart, TextPart, ToolCallPart, ToolResultPart } from '../neutral/content';
import type { FieldIssue } from '../errors/invalid-request-error';
import { callerSignature } from '../shared/signature-provenance';
import type { GeminiPart } from './gemini-api';
import { compactExtra, restOf } from './gemini-extra';
import { toolResultFromResponse } from './tool-result-content';

const KINDS = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse'] as const;
const PART_KEYS = ['text', 'thought', 'thoughtSignature', ...KINDS];

/** Ids for tool calls and results: generated ones and the calls still waiting for a result. */
export interface CallIds {
  next: number;
  /** Calls without a result yet, by name, oldest first. */
  open: Map<string, string[]>;
}

export type ParsedPart = TextPart | ImagePart | FilePart | ToolCallPart | ToolResultPart | ReasoningPart;

/**
 * One Gemini part → neutral parts. A thoughtSignature on a non-thought part
 * (Gemini 3 puts them on functionCall and text parts) becomes an empty
 * reasoning part with that signature right before it, which the formatter
 * folds back onto the next part. `issues` collects what is wrong.
 */
export function parseGeminiPart(part: GeminiPart, path: string, assistant: boolean, ids: CallIds, issues: FieldIssue[]): ParsedPart[] {
  const kinds = KINDS.filter((kind) => part[kind] !== undefined);
  const extra: Extra = restOf(part, PART_KEYS);
  if (kinds.length > 1) {
    issues.push({ path, message: `a part holds exactly one of text, inlineData, fileData, functionCall, functionResponse; got ${kinds.join(', ')}` });
    return [];
  }
  const kind = kinds[0];
  if (kind === undefined) {
    if (Object.keys(extra).length === 0) {
      issues.push({ path, message: 'a part needs one of text, inlineData, fileData, functionCall, functionResponse' });
      return [];
    }
    return [{ type: 'text', text: '', extra: { ...extra, $opaque: true, ...signatureExtra(part) } }];
  }
  if (part.thought === true && kind === 'text' && assistant) {
    const reasoning: ReasoningPart = { type: 'reasoning', text: part.text ?? '' };
    if (part.thoughtSignature !== undefined) Object.assign(reasoning, callerSignature('gemini', part.thoughtSignature));
    if (reasoning.text === '' && reasoning.signature !== undefined) extra.$thoughtPart = true;
    return [withExtra(reasoning, extra)];
  }
  if (part.thought !== undefined) extra.thought = part.thought;
  const out: ParsedPart[] = [];
  if (part.thoughtSignature !== undefined) {
    if (assistant) out.push({ type: 'reasoning', text: '', ...callerSignature('gemini', part.thoughtSignature) });
    else extra.thoughtSignature = part.thoughtSignature;
  }
  const main = parseKind(kind, part, path, assistant, ids, issues, extra);
  if (main) out.push(withExtra(main, extra));
  return out;
}

function parseKind(
  kind: (typeof KINDS)[number],
  part: GeminiPart,
  path: string,
  assistant: boolean,
  ids: CallIds,
  issues: FieldIssue[],
  extra: Extra,
): ParsedPart | undefined {
  switch (kind) {
    case 'text':
      return { type: 'text', text: part.text ?? '' };
    case 'inlineData': {
      const data = part.inlineData!;
      keepSub(extra, 'inlineData', restOf(data, ['mimeType', 'data']));
      const source = { kind: 'base64' as const, mediaType: data.mimeType, data: data.data };
      return isFile(data.mimeType, assistant) ? { type: 'file', source } : { type: 'image', source };
    }
    case 'fileData': {
      const file = part.fileData!;
      keepSub(extra, 'fileData', restOf(file, ['mimeType', 'fileUri']));
      if (isFile(file.mimeType, assistant)) return { type: 'file', source: { kind: 'url', url: file.fileUri, mediaType: file.mimeType } };
      if (file.mimeType === undefined) extra.$noMimeType = true;
      else extra.$mimeType = file.mimeType;
      return { type: 'image', source: { kind: 'url', url: file.fileUri } };
    }
    case 'functionCall': {
      const call = part.functionCall!;
      if (!assistant) {
        issues.push({ path: `${path}.functionCall`, message: 'functionCall parts belong in a "model" turn' });
        return undefined;
      }
      keepSub(extra, 'functionCall', restOf(call, ['id', 'name', 'args']));
      const id = call.id ?? `call_${ids.next}`;
      ids.next += 1;
      if (call.id === undefined) extra.$noId = true;
      if (call.args === undefined) extra.$noArgs = true;
      const open = ids.open.get(call.name) ?? [];
      open.push(id);
      ids.open.set(call.name, open);
      return { type: 'tool-call', id, name: call.name, arguments: JSON.stringify(call.args ?? {}) };
    }
    case 'functionResponse': {
      const response = part.functionResponse!;
      if (assistant) {
        issues.push({ path: `${path}.functionResponse`, message: 'functionResponse parts belong in a "user" turn' });
        return undefined;
      }
      keepSub(extra, 'functionResponse', restOf(response, ['id', 'name', 'response']));
      const open = ids.open.get(response.name) ?? [];
      let callId = response.id;
      if (callId === undefined) {
        extra.$noId = true;
        callId = open[0] ?? `call_${ids.next++}`;
      }
      const at = open.indexOf(callId);
      if (at >= 0) open.splice(at, 1);
      return toolResultFromResponse(callId, response.name, response.response, extra);
    }
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

/**
 * Data of a non-image type in a user turn is a file (a document). A model's own
 * media stays an image part: the neutral model has files only as input.
 */
function isFile(mimeType: string | undefined, assistant: boolean): boolean {
  return !assistant && mimeType !== undefined && !mimeType.startsWith('image/');
}

function keepSub(extra: Extra, name: string, rest: Record<string, unknown>): void {
  for (const key of Object.keys(rest)) extra[`${name}.${key}`] = rest[key];
}

function signatureExtra(part: GeminiPart): Extra {
  const out: Extra = {};
  if (part.thought !== undefined) out.thought = part.thought;
  if (part.thoughtSignature !== undefined) out.thoughtSignature = part.thoughtSignature;
  return out;
}

function withExtra<T extends ParsedPart>(part: T, extra: Extra): T {
  const compact = compactExtra(extra);
  if (compact) part.extra = compact;
  return part;
}
