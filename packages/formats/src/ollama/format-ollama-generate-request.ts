import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { droppedFile, imageData, warnExtra } from './format-ollama-parts';
import { formatOllamaSettings } from './format-ollama-settings';
import { publicKeys } from './rest-of';

/**
 * A neutral request → an /api/generate body: the system parts as `system`, the
 * user text as `prompt`, its images as `images`. The inverse of
 * parseOllamaGenerateRequest; anything a prompt cannot hold is a warning.
 */
export function formatOllamaGenerateRequest(request: NeutralRequest): { body: Record<string, unknown>; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const same = request.origin === 'ollama';
  const body: Record<string, unknown> = { model: request.model };
  const texts: string[] = [];
  const images: string[] = [];
  request.messages.forEach((message, i) => {
    if (message.role !== 'user') {
      warnings.push({ code: 'dropped', path: `messages[${i}]`, message: `/api/generate takes one prompt; a ${message.role} message is not sent` });
      return;
    }
    if (!same) warnExtra(message.extra, `messages[${i}]`, warnings);
    message.content.forEach((part, j) => {
      const path = `messages[${i}].content[${j}]`;
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'image') {
        const data = imageData(part, path, warnings);
        if (data !== undefined) images.push(data);
      } else if (part.type === 'file') droppedFile(path, warnings);
      else warnings.push({ code: 'dropped', path, message: '/api/generate has no tool results' });
    });
  });
  if (!(same && request.extra.$noPrompt === true && texts.length === 0)) body.prompt = texts.join('\n');
  if (request.system.length > 0) body.system = request.system.map((part) => part.text).join('\n');
  if (images.length > 0) body.images = images;
  if (request.tools && request.tools.length > 0) {
    warnings.push({ code: 'dropped', path: 'tools', message: '/api/generate has no tools' });
  }
  Object.assign(body, formatOllamaSettings(request, same, warnings));
  if (same) {
    for (const key of publicKeys(request.extra)) if (key !== 'options') body[key] = request.extra[key];
  } else warnExtra(request.extra, 'extra', warnings);
  return { body, warnings };
}
