import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';

/** Test-only helpers (not exported by the package). */

export interface ClientCapture {
  file: string;
  path: string;
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
}

/** Copies of the Gemini captures of /work/shared/clients, so that the tests stand on their own. */
const CLIENTS = join(import.meta.dirname, '__fixtures__', 'clients');

/** The captured Gemini requests of real clients (Gemini CLI, opencode). */
export function geminiCaptures(): ClientCapture[] {
  return readdirSync(CLIENTS)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(CLIENTS, file), 'utf8')) as Record<string, unknown> }))
    .filter(({ json }) => json.protocol === 'gemini')
    .map(({ file, json }) => {
      const path = String(json.path);
      const model = path.slice(path.indexOf('/models/') + '/models/'.length, path.lastIndexOf(':'));
      return { file, path, model, stream: path.includes(':streamGenerateContent'), body: json.body as Record<string, unknown> };
    });
}

export function readFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');
}

/** A deep copy without any `$`-prefixed hint keys in `extra` objects, and without empty nested `extra`s. */
export function withoutHints<T>(value: T): T {
  return strip(value, true) as T;
}

function strip(value: unknown, top = false): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'extra' && typeof inner === 'object' && inner !== null) {
      const kept = Object.fromEntries(Object.entries(inner).filter(([k]) => !k.startsWith('$')));
      if (top || Object.keys(kept).length > 0) out.extra = kept;
      continue;
    }
    out[key] = strip(inner);
  }
  return out;
}

/** Neutral `tool` messages written as user messages holding the results, as Gemini has them. */
export function toolMessagesAsUser(request: NeutralRequest): NeutralRequest {
  const messages: Message[] = request.messages.map((message) => (message.role === 'tool' ? { role: 'user', content: [...message.content] } : message));
  return { ...request, messages };
}
