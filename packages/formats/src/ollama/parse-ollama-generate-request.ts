import type { ImagePart, TextPart } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { ollamaGenerateRequestSchema } from './ollama-api';
import { imagePart, mappedWith } from './parse-ollama-messages';
import { parseOllamaSettings } from './parse-ollama-settings';
import { mergeExtra, restOf } from './rest-of';

const MAPPED_GENERATE_KEYS = ['model', 'prompt', 'system', 'format', 'options', 'stream', 'think'];

/**
 * A client's /api/generate body → neutral: `system` as the system part, the
 * prompt and images as one user message; `suffix`, `raw`, `template`,
 * `context` and the rest stay in `extra`, with `$endpoint: 'generate'`.
 */
export function parseOllamaGenerateRequest(body: unknown): NeutralRequest {
  const generate = parseWithSchema(ollamaGenerateRequestSchema, body);
  const { settings, extra } = parseOllamaSettings(generate);
  const content: Array<TextPart | ImagePart> = [];
  if (generate.prompt) content.push({ type: 'text', text: generate.prompt });
  for (const image of generate.images ?? []) content.push(imagePart(image));
  const system: TextPart[] = generate.system === undefined ? [] : [{ type: 'text', text: generate.system }];
  return {
    origin: 'ollama',
    model: generate.model,
    system,
    messages: [{ role: 'user', content }],
    ...settings,
    extra:
      mergeExtra(
        restOf(generate, mappedWith(generate, MAPPED_GENERATE_KEYS)),
        extra,
        { $endpoint: 'generate' },
        generate.prompt === undefined ? { $noPrompt: true } : undefined,
      ) ?? {},
  };
}
