import type { UpstreamRequest } from '../codec';
import type { Message } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { isRecord, warnForeignExtra, writeOwnExtra } from './gemini-extra';
import { formatGeminiGenerationConfig } from './format-gemini-generation-config';
import { formatGeminiParts, type PartContext } from './format-gemini-part';
import { formatGeminiToolConfig, formatGeminiTools } from './format-gemini-tools';
import { snakeBack, type KeyPath } from './gemini-snake-case';

/** Gemini 3 accepts this in place of a thought signature for function calls it did not write (Google's documented value). */
const SKIP_SIGNATURE = 'skip_thought_signature_validator';
const OWN_SPECIAL = ['generationConfig', 'toolConfig', 'tools'];

/** Neutral request → Gemini generateContent body and path. */
export function formatGeminiRequest(request: NeutralRequest): UpstreamRequest {
  const own = request.origin === 'gemini';
  const warnings: Warning[] = [];
  const body: Record<string, unknown> = {};
  const ctx: PartContext = { own, upstream: true, warnings, names: new Map() };
  body.contents = formatContents(request.messages, ctx);
  if (request.system.length > 0 || (own && request.extra.$systemEmpty)) {
    const system: Record<string, unknown> = { parts: formatGeminiParts(request.system, 'system', ctx) };
    if (own && typeof request.extra.$systemRole === 'string') system.role = request.extra.$systemRole;
    if (own) writeSystemExtra(system, request.extra);
    body.systemInstruction = system;
  }
  const tools = formatGeminiTools(request, own, warnings);
  if (tools) body.tools = tools;
  if (own && isRecord(request.extra.toolConfig)) body.toolConfig = request.extra.toolConfig;
  else if (request.toolChoice) body.toolConfig = formatGeminiToolConfig(request.toolChoice);
  const generationConfig = formatGeminiGenerationConfig(request, own, warnings);
  if (generationConfig) body.generationConfig = generationConfig;
  if (own) {
    writeOwnExtra(body, request.extra, OWN_SPECIAL);
    if (request.extra.$model !== undefined) body.model = request.extra.$model;
    if (Array.isArray(request.extra.$snakeCase)) snakeBack(body, request.extra.$snakeCase as KeyPath[]);
  } else {
    warnForeignExtra(request.extra, '', warnings);
    warnUnsupported(request, warnings);
  }
  const model = request.model.startsWith('models/') ? request.model.slice('models/'.length) : request.model;
  const path = request.stream ? `/models/${model}:streamGenerateContent?alt=sse` : `/models/${model}:generateContent`;
  return { path, body, warnings };
}

function formatContents(messages: readonly Message[], ctx: PartContext): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let previous: Message | undefined;
  messages.forEach((message, i) => {
    const path = `messages[${i}]`;
    if (!ctx.own) warnForeignExtra(message.extra, path, ctx.warnings);
    const parts = formatGeminiParts(message.content, `${path}.content`, ctx);
    if (!ctx.own && parts.length === 0) {
      // Gemini refuses a turn without parts.
      ctx.warnings.push({ code: 'dropped', path, message: 'a message with nothing Gemini can hold was left out' });
      return;
    }
    const last = out[out.length - 1];
    // Gemini wants every result of one model turn's calls in one user turn.
    if (message.role === 'tool' && previous?.role === 'tool' && last && Array.isArray(last.parts)) {
      last.parts.push(...parts);
      previous = message;
      return;
    }
    previous = message;
    const content: Record<string, unknown> = {};
    const role = message.role === 'assistant' ? 'model' : ctx.own && typeof message.extra?.$role === 'string' ? message.extra.$role : 'user';
    if (!(ctx.own && message.extra?.$noRole)) content.role = role;
    if (!ctx.own && message.role === 'assistant') addSkipSignature(parts);
    content.parts = parts;
    if (ctx.own) writeOwnExtra(content, message.extra);
    out.push(content);
  });
  return out;
}

function addSkipSignature(parts: Record<string, unknown>[]): void {
  const first = parts.find((part) => part.functionCall !== undefined);
  if (first && first.thoughtSignature === undefined) first.thoughtSignature = SKIP_SIGNATURE;
}

function writeSystemExtra(system: Record<string, unknown>, extra: Record<string, unknown>): void {
  const prefix = 'systemInstruction.';
  for (const key of Object.keys(extra)) if (key.startsWith(prefix)) system[key.slice(prefix.length)] = extra[key];
}

function warnUnsupported(request: NeutralRequest, warnings: Warning[]): void {
  if (request.parallelToolCalls !== undefined) {
    warnings.push({ code: 'dropped', path: 'parallelToolCalls', message: 'Gemini has no switch for parallel function calls' });
  }
}
