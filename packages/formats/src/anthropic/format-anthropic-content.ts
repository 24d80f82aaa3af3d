import { InvalidRequestError } from '../errors/invalid-request-error';
import type { ContentPart, Extra, FilePart, ImagePart, ReasoningPart, ToolResultPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { safeParseJSON } from '../shared/safe-parse-json';
import { signatureUpstream } from '../shared/signature-provenance';
import { DOCUMENT_MEDIA_TYPES, IMAGE_MEDIA_TYPES } from './anthropic-api';
import { anthropicToolId } from './anthropic-tool-id';
import { insertPositioned, isPositionedList, isRecord, wireKeys } from './extra-fields';
import { foreignCacheMark, withoutCarriedMark } from './foreign-cache-mark';
import { spreadExtra, warnForeignExtra } from './format-warnings';
import { wireToolName } from '../shared/tool-names';

export interface FormatContext {
  /** The request came from Anthropic: write `extra` back. */
  same: boolean;
  warnings: Warning[];
  /** Set when a thinking block Anthropic would refuse (unsigned, or signed by another provider) was left out. */
  droppedThinking?: boolean;
}

type Block = Record<string, unknown>;

/** One neutral part as a content block, or undefined (with a warning) when Anthropic cannot hold it. */
export function formatPart(part: ContentPart, path: string, ctx: FormatContext): Block | undefined {
  if (!ctx.same) warnForeignExtra(withoutCarriedMark(part.extra), path, ctx.warnings);
  switch (part.type) {
    case 'text':
      // Anthropic refuses empty text blocks; another protocol's empty text (an assistant turn of only tool calls) carries nothing.
      if (!ctx.same && part.text === '') return undefined;
      return own({ type: 'text', text: part.text }, part.extra, ctx);
    case 'image':
      return formatImage(part, path, ctx);
    case 'file':
      return formatDocument(part, path, ctx);
    case 'tool-call':
      return own(
        {
          type: 'tool_use',
          id: anthropicToolId(part.id),
          name: wireToolName('anthropic', part.name, part.namespace),
          input: toolInput(part.arguments, `${path}.arguments`),
        },
        part.extra,
        ctx,
      );
    case 'tool-result':
      return formatToolResult(part, path, ctx);
    case 'reasoning':
      return formatReasoning(part, path, ctx);
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

function own(block: Block, extra: Extra | undefined, ctx: FormatContext, except: ReadonlyArray<string> = []): Block {
  if (ctx.same) spreadExtra(block, extra, except);
  else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') {
    const mark = foreignCacheMark(extra);
    if (mark) block.cache_control = mark;
  }
  return block;
}

/** Tool-call arguments (JSON text) as the object Anthropic's `input` must be. */
export function toolInput(args: string, path: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  const parsed = safeParseJSON(args);
  if (!parsed.success) throw new InvalidRequestError([{ path, message: `tool-call arguments are not valid JSON (${parsed.error.message})` }]);
  if (!isRecord(parsed.value)) throw new InvalidRequestError([{ path, message: 'tool-call arguments must be a JSON object' }]);
  return parsed.value;
}

function formatImage(part: ImagePart, path: string, ctx: FormatContext): Block | undefined {
  const source = part.source;
  if (source.kind === 'base64' && !(IMAGE_MEDIA_TYPES as ReadonlyArray<string>).includes(source.mediaType)) {
    ctx.warnings.push({ code: 'dropped', path, message: `image of type ${source.mediaType}: Anthropic takes ${IMAGE_MEDIA_TYPES.join(', ')}` });
    return undefined;
  }
  const wire: Block = source.kind === 'url' ? { type: 'url', url: source.url } : { type: 'base64', media_type: source.mediaType, data: source.data };
  return own({ type: 'image', source: withSourceExtra(wire, part, ctx) }, part.extra, ctx, ['source']);
}

function formatDocument(part: FilePart, path: string, ctx: FormatContext): Block | undefined {
  const wire = documentSource(part);
  if (!wire) {
    ctx.warnings.push({
      code: 'dropped',
      path,
      message: `file of type ${part.source.mediaType}: an Anthropic document takes ${DOCUMENT_MEDIA_TYPES.join(', ')}`,
    });
    return undefined;
  }
  const block: Block = { type: 'document', source: withSourceExtra(wire, part, ctx) };
  if (part.filename !== undefined) block.title = part.filename;
  return own(block, part.extra, ctx, ['source']);
}

/** A PDF goes as a base64 or URL source; plain text as a text source (its data as text, not base64). */
function documentSource(part: FilePart): Block | undefined {
  const source = part.source;
  if (source.kind === 'url') return source.mediaType === undefined || source.mediaType === 'application/pdf' ? { type: 'url', url: source.url } : undefined;
  if (source.mediaType === 'application/pdf') return { type: 'base64', media_type: source.mediaType, data: source.data };
  if (source.mediaType === 'text/plain') return { type: 'text', media_type: source.mediaType, data: Buffer.from(source.data, 'base64').toString('utf8') };
  return undefined;
}

/** The source's own unmapped fields, written back for Anthropic's own requests. */
function withSourceExtra(wire: Block, part: ImagePart | FilePart, ctx: FormatContext): Block {
  const sourceExtra = part.extra?.source;
  if (ctx.same && isRecord(sourceExtra)) Object.assign(wire, sourceExtra);
  return wire;
}

function formatToolResult(part: ToolResultPart, path: string, ctx: FormatContext): Block {
  const block: Block = { type: 'tool_result', tool_use_id: anthropicToolId(part.callId) };
  const hints = ctx.same ? part.extra : undefined;
  const only = part.content[0];
  if (hints?.$noContent === true && part.content.length === 0) {
    // no content field at all
  } else if (hints?.$contentString === true && part.content.length === 1 && only?.type === 'text' && wireKeys(only.extra).length === 0) {
    block.content = only.text;
  } else {
    const content: Block[] = [];
    part.content.forEach((inner, j) => {
      const wire = formatPart(inner, `${path}.content[${j}]`, ctx);
      if (wire) content.push(wire);
    });
    const other = hints?.other_blocks;
    block.content = isPositionedList(other) ? insertPositioned(content, other, (item) => item) : content;
  }
  if (part.isError !== undefined) block.is_error = part.isError;
  return own(block, part.extra, ctx, ['other_blocks']);
}

function formatReasoning(part: ReasoningPart, path: string, ctx: FormatContext): Block | undefined {
  if (part.signature === undefined) {
    ctx.warnings.push({ code: 'dropped', path, message: 'reasoning without a signature: Anthropic takes back only signed thinking blocks' });
    ctx.droppedThinking = true;
    return undefined;
  }
  const signature = signatureUpstream('anthropic', part.signature, part.signatureFrom);
  if (signature === undefined) {
    ctx.warnings.push({ code: 'dropped', path, message: `reasoning signed by a ${part.signatureFrom} provider: Anthropic would refuse its signature` });
    ctx.droppedThinking = true;
    return undefined;
  }
  if (part.redacted) return own({ type: 'redacted_thinking', data: signature }, part.extra, ctx);
  return own({ type: 'thinking', thinking: part.text, signature }, part.extra, ctx);
}
