import { InvalidRequestError } from '../errors/invalid-request-error';
import type { AssistantContentPart, Extra, ImagePart, ReasoningPart, TextPart, ToolCallPart, ToolResultPart, UserContentPart } from '../neutral/content';
import { fieldPath } from '../shared/field-path';
import { parseWithSchema } from '../shared/parse-with-schema';
import { callerSignature } from '../shared/signature-provenance';
import {
  base64SourceSchema,
  imageBlockSchema,
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
type Part = TextPart | ImagePart | ToolCallPart | ToolResultPart | ReasoningPart;

/** One content block as a neutral part, or undefined when the neutral model has no such part (document, server tool blocks, file images). */
export function parseBlock(block: AnthropicBlock, path: Path): Part | undefined {
  switch (block.type) {
    case 'text':
      return parseText(block, path);
    case 'image':
      return parseImage(block, path);
    case 'tool_use': {
      const b = parseWithSchema(toolUseBlockSchema, block, path);
      return withExtra<ToolCallPart>({ type: 'tool-call', id: b.id, name: b.name, arguments: JSON.stringify(b.input) }, restOf(b, ['type', 'id', 'name', 'input']));
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
  const extra: Extra = restOf(b, ['type', 'source']) ?? {};
  const sourcePath = [...path, 'source'];
  let part: ImagePart;
  if (b.source.type === 'base64') {
    const s = parseWithSchema(base64SourceSchema, b.source, sourcePath);
    part = { type: 'image', source: { kind: 'base64', mediaType: s.media_type, data: s.data } };
    const rest = restOf(s, ['type', 'media_type', 'data']);
    if (rest) extra.source = rest;
  } else if (b.source.type === 'url') {
    const s = parseWithSchema(urlSourceSchema, b.source, sourcePath);
    part = { type: 'image', source: { kind: 'url', url: s.url } };
    const rest = restOf(s, ['type', 'url']);
    if (rest) extra.source = rest;
  } else {
    return undefined;
  }
  return withExtra(part, extra);
}

function parseToolResult(block: AnthropicBlock, path: Path): ToolResultPart {
  const b = parseWithSchema(toolResultBlockSchema, block, path);
  const extra: Extra = restOf(b, ['type', 'tool_use_id', 'content', 'is_error']) ?? {};
  const content: Array<TextPart | ImagePart> = [];
  if (b.content === undefined) extra.$noContent = true;
  else if (typeof b.content === 'string') {
    content.push({ type: 'text', text: b.content });
    extra.$contentString = true;
  } else {
    const other: Positioned[] = [];
    b.content.forEach((inner, j) => {
      const part = inner.type === 'text' || inner.type === 'image' ? parseBlock(inner, [...path, 'content', j]) : undefined;
      if (part && (part.type === 'text' || part.type === 'image')) content.push(part);
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
  if (part.type === 'text' || part.type === 'image' || part.type === 'tool-result') return part;
  throw misplaced(path, block.type, 'user');
}

export function asAssistantPart(part: Part, block: AnthropicBlock, path: Path): AssistantContentPart {
  if (part.type !== 'tool-result') return part;
  throw misplaced(path, block.type, 'assistant');
}
