import { InvalidRequestError } from '../errors/invalid-request-error';
import type { ContentPart } from '../neutral/content';
import type { Protocol } from '../neutral/protocol';
import type { Warning } from '../neutral/warning';
import { replyToolInput } from '../shared/reply-tool-input';
import { safeParseJSON } from '../shared/safe-parse-json';
import { signatureFor, signatureUpstream } from '../shared/signature-provenance';
import { isRecord, warnForeignExtra, writeOwnExtra, writeSubExtra } from './gemini-extra';
import { formatFile, formatImage } from './format-gemini-media';
import { responseFromToolResult } from './tool-result-content';
import { flatToolName, wireToolName } from '../shared/tool-names';
import { quoteValue } from '@bench/contracts';

/** What formatting parts needs to know. */
export interface PartContext {
  own: boolean;
  /** Writing an upstream request (only Gemini's own signatures go), not a reply to a client (another provider's go wrapped). */
  upstream: boolean;
  warnings: Warning[];
  /** Tool names by call id, from the tool calls seen so far. */
  names: Map<string, string>;
}

/**
 * Neutral parts → Gemini parts. An empty reasoning part carrying only a
 * signature is folded onto the next text or function call part, as Gemini
 * wrote it (see parse-gemini-part).
 */
export function formatGeminiParts(parts: readonly ContentPart[], path: string, ctx: PartContext): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let pending: string | undefined;
  parts.forEach((part, i) => {
    const at = `${path}[${i}]`;
    let folded: string | undefined;
    let shown: ContentPart = part;
    if (part.type === 'reasoning' && part.signature !== undefined && !part.redacted && !part.extra?.$thoughtPart) {
      const next = parts[i + 1];
      const kept = signatureHere(part.signature, part.signatureFrom, ctx);
      if (kept !== undefined && next && (next.type === 'text' || next.type === 'tool-call')) {
        // Gemini writes the signature on the part after its thought; a client of another protocol joined the two
        // (an Anthropic thinking block holds text and signature): the signature goes back to that next part.
        if (part.text === '') {
          pending = kept;
          return;
        }
        if (ctx.upstream && !ctx.own) {
          const { signature: _signature, signatureFrom: _from, ...unsigned } = part;
          shown = unsigned;
          folded = kept;
        }
      }
    }
    const written = formatPart(shown, at, ctx);
    if (pending !== undefined && written[0]) written[0].thoughtSignature = pending;
    pending = folded;
    out.push(...written);
  });
  return out;
}

function formatPart(part: ContentPart, path: string, ctx: PartContext): Record<string, unknown>[] {
  if (!ctx.own) warnForeignExtra(part.extra, path, ctx.warnings);
  const out: Record<string, unknown> = {};
  switch (part.type) {
    case 'text':
      if (!(ctx.own && part.extra?.$opaque)) out.text = part.text;
      break;
    case 'image':
      Object.assign(out, formatImage(part, path, ctx));
      break;
    case 'file':
      Object.assign(out, formatFile(part, path, ctx));
      break;
    case 'reasoning':
      if (part.redacted) {
        ctx.warnings.push({ code: 'dropped', path, message: 'redacted reasoning has no Gemini equivalent' });
        return [];
      }
      out.text = part.text;
      out.thought = true;
      if (part.signature !== undefined) {
        const kept = signatureHere(part.signature, part.signatureFrom, ctx);
        if (kept !== undefined) out.thoughtSignature = kept;
        else {
          ctx.warnings.push({ code: 'dropped', path: `${path}.signature`, message: 'a reasoning signature from another provider is not valid for Gemini' });
          if (part.text === '') return [];
        }
      }
      break;
    case 'tool-call': {
      const name = toolNameOf(part.name, part.namespace, ctx);
      const call: Record<string, unknown> = { name };
      if (!(ctx.own && part.extra?.$noId)) call.id = part.id;
      // To an upstream, arguments the caller wrote must be an object; to a client, a model's odd arguments are its answer.
      const args = ctx.upstream ? parseArguments(part.arguments, `${path}.arguments`) : replyToolInput(part.arguments, path, ctx.warnings);
      if (!(ctx.own && part.extra?.$noArgs && Object.keys(args).length === 0)) call.args = args;
      if (ctx.own) writeSubExtra(call, 'functionCall', part.extra);
      ctx.names.set(part.id, name);
      out.functionCall = call;
      break;
    }
    case 'tool-result':
      return formatToolResult(part, path, ctx);
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
  if (ctx.own) writeOwnExtra(out, part.extra);
  return [out];
}

function formatToolResult(part: Extract<ContentPart, { type: 'tool-result' }>, path: string, ctx: PartContext): Record<string, unknown>[] {
  const name = part.name !== undefined ? toolNameOf(part.name, part.namespace, ctx) : ctx.names.get(part.callId);
  if (name === undefined) {
    throw new InvalidRequestError([
      { path: `${path}.callId`, message: `no earlier tool call with id ${quoteValue(part.callId)}: Gemini needs the function's name` },
    ]);
  }
  const response: Record<string, unknown> = { name, response: responseFromToolResult(part, path, ctx.warnings) };
  if (!(ctx.own && part.extra?.$noId)) response.id = part.callId;
  if (ctx.own) writeSubExtra(response, 'functionResponse', part.extra);
  const out: Record<string, unknown> = { functionResponse: response };
  if (ctx.own) writeOwnExtra(out, part.extra);
  // Images and files in a tool result follow the functionResponse as parts of their own (see responseFromToolResult).
  const media: Record<string, unknown>[] = [];
  part.content.forEach((inner, i) => {
    if (inner.type === 'image') media.push(formatImage(inner, `${path}.content[${i}]`, ctx));
    else if (inner.type === 'file') media.push(formatFile(inner, `${path}.content[${i}]`, ctx));
  });
  return [out, ...media];
}

function parseArguments(text: string, path: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const parsed = safeParseJSON(text);
  if (!parsed.success) throw new InvalidRequestError([{ path, message: 'tool-call arguments are not valid JSON' }]);
  if (!isRecord(parsed.value)) throw new InvalidRequestError([{ path, message: 'tool-call arguments must be a JSON object for Gemini' }]);
  return parsed.value;
}

/** A reasoning signature as written here: upstream only Gemini's own (else undefined), to a client any, another provider's wrapped. */
function signatureHere(signature: string, from: Protocol | undefined, ctx: PartContext): string | undefined {
  return ctx.upstream ? signatureUpstream('gemini', signature, from) : signatureFor('gemini', signature, from);
}

/** A tool's name as written here: to an upstream as Gemini takes it, to a client as the client named it. */
function toolNameOf(name: string, namespace: string | undefined, ctx: PartContext): string {
  return ctx.upstream ? wireToolName('gemini', name, namespace) : flatToolName(name, namespace);
}
