import type { z } from 'zod';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type {
  AssistantContentPart,
  Extra,
  FilePart,
  FileSource,
  ImagePart,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolResultContentPart,
  ToolResultPart,
  UserContentPart,
} from '../neutral/content';
import { fieldPath } from '../shared/field-path';
import { parseWithSchema } from '../shared/parse-with-schema';
import { callerSignature } from '../shared/signature-provenance';
import {
  base64SourceSchema,
  documentBlockSchema,
  imageBlockSchema,
  pdfSourceSchema,
  redactedThinkingBlockSchema,
  textBlockSchema,
  thinkingBlockSchema,
  toolResultBlockSchema,
  toolUseBlockSchema,
  urlSourceSchema,
  type AnthropicBlock,
} from './anthropic-api';
import { restOf, withExtra, type Positioned } from './extra-fields';

type Path = ReadonlyArray<PropertyKey>;
type Part = TextPart | ImagePart | FilePart | ToolCallPart | ToolResultPart | ReasoningPart;

/** One content block as a neutral part, or undefined when the neutral model has no such part (server tool blocks, file ids, text or content documents). */
export function parseBlock(block: AnthropicBlock, path: Path): Part | undefined {
  switch (block.type) {
    case 'text':
      return parseText(block, path);
    case 'image':
      return parseImage(block, path);
    case 'document':
      return parseDocument(block, path);
    case 'tool_use': {
      const b = parseWithSchema(toolUseBlockSchema, block, path);
      return withExtra<ToolCallPart>(
        { type: 'tool-call', id: b.id, name: b.name, arguments: JSON.stringify(b.input) },
        restOf(b, ['type', 'id', 'name', 'input']),
      );
    }
    case 'tool_result':
      return parseToolResult(block, path);
    case 'thinking': {
      const b = parseWithSchema(thinkingBlockSchema, block, path);
      // An empty signature is what bench (or another gateway) writes for reasoning that had none, from a model of
      // another protocol: it is not Anthropic's, and Anthropic refuses it; unsigned, it is never sent there.
      const signed = b.signature === '' ? {} : callerSignature('anthropic', b.signature);
      return withExtra<ReasoningPart>({ type: 'reasoning', text: b.thinking, ...signed }, restOf(b, ['type', 'thinking', 'signature']));
    }
    case 'redacted_thinking': {
      const b = parseWithSchema(redactedThinkingBlockSchema, block, path);
      return withExtra<ReasoningPart>({ type: 'reasoning', text: '', ...callerSignature('anthropic', b.data), redacted: true }, restOf(b, ['type', 'data']));
    }
    default:
      return undefined;
  }
}

export function parseText(block: AnthropicBlock, path: Path): TextPart {
  const b = parseWithSchema(textBlockSchema, block, path);
  return withExtra<TextPart>({ type: 'text', text: b.text }, restOf(b, ['type', 'text']));
}

function parseImage(block: AnthropicBlock, path: Path): ImagePart | undefined {
  const b = parseWithSchema(imageBlockSchema, block, path);
  const parsed = parseSource(b.source, [...path, 'source'], base64SourceSchema);
  if (!parsed) return undefined;
  const extra: Extra = restOf(b, ['type', 'source']) ?? {};
  if (parsed.rest) extra.source = parsed.rest;
  return withExtra<ImagePart>({ type: 'image', source: parsed.source }, extra);
}

/** A document with a PDF source (base64 or URL); its title serves as the file's name. */
function parseDocument(block: AnthropicBlock, path: Path): FilePart | undefined {
  const b = parseWithSchema(documentBlockSchema, block, path);
  // Anthropic takes base64 documents as PDFs; another type is kept as sent (Anthropic judges it), not refused here.
  if (b.source.type === 'base64' && b.source.media_type !== 'application/pdf') return undefined;
  const parsed = parseSource(b.source, [...path, 'source'], pdfSourceSchema);
  if (!parsed) return undefined;
  // A URL source is Anthropic's URLPDFSource: always a PDF.
  const source: FileSource = parsed.source.kind === 'url' ? { ...parsed.source, mediaType: 'application/pdf' } : parsed.source;
  const part: FilePart = { type: 'file', source };
  const title = typeof b.title === 'string' ? b.title : undefined;
  if (title !== undefined) part.filename = title;
  const extra: Extra = restOf(b, title === undefined ? ['type', 'source'] : ['type', 'source', 'title']) ?? {};
  if (parsed.rest) extra.source = parsed.rest;
  return withExtra(part, extra);
}

type Base64Schema = z.ZodType<{ type: 'base64'; media_type: string; data: string } & Record<string, unknown>>;

/** A base64 or URL source, with its unmapped fields; undefined for other kinds (file ids, text). */
function parseSource(source: AnthropicBlock, path: Path, base64Schema: Base64Schema): { source: FileSource; rest?: Extra } | undefined {
  if (source.type === 'base64') {
    const s = parseWithSchema(base64Schema, source, path);
    return { source: { kind: 'base64', mediaType: s.media_type, data: s.data }, rest: restOf(s, ['type', 'media_type', 'data']) };
  }
  if (source.type === 'url') {
    const s = parseWithSchema(urlSourceSchema, source, path);
    return { source: { kind: 'url', url: s.url }, rest: restOf(s, ['type', 'url']) };
  }
  return undefined;
}

function parseToolResult(block: AnthropicBlock, path: Path): ToolResultPart {
  const b = parseWithSchema(toolResultBlockSchema, block, path);
  const extra: Extra = restOf(b, ['type', 'tool_use_id', 'content', 'is_error']) ?? {};
  const content: ToolResultContentPart[] = [];
  if (b.content === undefined) extra.$noContent = true;
  else if (typeof b.content === 'string') {
    content.push({ type: 'text', text: b.content });
    extra.$contentString = true;
  } else {
    const other: Positioned[] = [];
    b.content.forEach((inner, j) => {
      const part = inner.type === 'text' || inner.type === 'image' || inner.type === 'document' ? parseBlock(inner, [...path, 'content', j]) : undefined;
      if (part && (part.type === 'text' || part.type === 'image' || part.type === 'file')) content.push(part);
      else other.push({ at: j, item: inner });
    });
    if (other.length > 0) extra.other_blocks = other;
  }
  const part: ToolResultPart = { type: 'tool-result', callId: b.tool_use_id, content };
  if (b.is_error !== undefined) part.isError = b.is_error;
  return withExtra(part, extra);
}

function misplaced(path: Path, type: string, role: string): InvalidRequestError {
  return new InvalidRequestError([{ path: fieldPath([...path, 'type']), message: `${type} blocks are not allowed in ${role} messages` }]);
}

export function asUserPart(part: Part, block: AnthropicBlock, path: Path): UserContentPart | ToolResultPart {
  if (part.type === 'text' || part.type === 'image' || part.type === 'file' || part.type === 'tool-result') return part;
  throw misplaced(path, block.type, 'user');
}

export function asAssistantPart(part: Exclude<Part, FilePart>, block: AnthropicBlock, path: Path): AssistantContentPart {
  if (part.type !== 'tool-result') return part;
  throw misplaced(path, block.type, 'assistant');
}
