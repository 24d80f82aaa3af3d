import type { AssistantContentPart, Extra, Message, TextPart, ToolResultPart, UserContentPart } from '../neutral/content';
import type { FieldIssue } from '../errors/invalid-request-error';
import type { GeminiContent, GeminiPart } from './gemini-api';
import { compactExtra, restOf } from './gemini-extra';
import { parseGeminiPart, type CallIds } from './parse-gemini-part';

/** Gemini `contents` → neutral messages: "model" turns are assistant, function responses stay in user turns. */
export function parseGeminiContents(contents: GeminiContent[], issues: FieldIssue[]): Message[] {
  const ids: CallIds = { next: 0, open: new Map() };
  return contents.map((content, i) => parseContent(content, `contents[${i}]`, ids, issues));
}

function parseContent(content: GeminiContent, path: string, ids: CallIds, issues: FieldIssue[]): Message {
  const extra: Extra = restOf(content, ['role', 'parts']);
  if (content.role === undefined) extra.$noRole = true;
  if (content.role === 'function') extra.$role = 'function';
  const assistant = content.role === 'model';
  const parts = content.parts.flatMap((part, j) => parseGeminiPart(part, `${path}.parts[${j}]`, assistant, ids, issues));
  const compact = compactExtra(extra);
  if (assistant) {
    const message: Message = { role: 'assistant', content: parts.filter(isAssistantPart) };
    if (compact) message.extra = compact;
    return message;
  }
  const message: Message = { role: 'user', content: parts.filter(isUserPart) };
  if (compact) message.extra = compact;
  return message;
}

/** `systemInstruction.parts` → system text parts; only text belongs there. */
export function parseGeminiSystem(parts: GeminiPart[], issues: FieldIssue[]): TextPart[] {
  const ids: CallIds = { next: 0, open: new Map() };
  const out: TextPart[] = [];
  parts.forEach((part, i) => {
    const path = `systemInstruction.parts[${i}]`;
    if (part.text === undefined) {
      issues.push({ path, message: 'systemInstruction takes text parts only' });
      return;
    }
    for (const parsed of parseGeminiPart(part, path, false, ids, issues)) if (parsed.type === 'text') out.push(parsed);
  });
  return out;
}

function isAssistantPart(part: { type: string }): part is AssistantContentPart {
  return part.type !== 'tool-result' && part.type !== 'file';
}

function isUserPart(part: { type: string }): part is UserContentPart | ToolResultPart {
  return part.type === 'text' || part.type === 'image' || part.type === 'file' || part.type === 'tool-result';
}
