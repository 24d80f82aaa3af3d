import type { Extra } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import type { OllamaChatRequest, OllamaGenerateRequest } from './ollama-api';
import { restOf } from './rest-of';

type Settings = Pick<NeutralRequest, 'stream' | 'responseFormat' | 'reasoning' | 'temperature' | 'topP' | 'topK' | 'maxOutputTokens' | 'stop' | 'seed'>;

const MAPPED_OPTIONS = ['temperature', 'top_p', 'top_k', 'num_predict', 'stop', 'seed'] as const;

/** The request-wide settings both endpoints share: stream, format, think and options. */
export function parseOllamaSettings(body: OllamaChatRequest | OllamaGenerateRequest): { settings: Settings; extra: Extra } {
  const extra: Extra = {};
  // Ollama streams when `stream` is absent; remember that it was absent.
  const settings: Settings = { stream: body.stream ?? true };
  if (body.stream === undefined) extra.$streamAbsent = true;

  if (body.format === 'json') settings.responseFormat = { type: 'json' };
  else if (body.format !== undefined) settings.responseFormat = { type: 'json-schema', schema: body.format };

  if (typeof body.think === 'boolean') settings.reasoning = { enabled: body.think };
  else if (body.think !== undefined) settings.reasoning = { enabled: true, effort: body.think };

  const options = body.options;
  if (options) {
    if (options.temperature !== undefined) settings.temperature = options.temperature;
    if (options.top_p !== undefined) settings.topP = options.top_p;
    if (options.top_k !== undefined) settings.topK = options.top_k;
    // Ollama's -1 and -2 mean no limit: an Ollama member gets them back (below), the others no budget.
    const unlimited = options.num_predict !== undefined && options.num_predict <= 0;
    if (options.num_predict !== undefined && !unlimited) settings.maxOutputTokens = options.num_predict;
    if (options.stop !== undefined) settings.stop = options.stop;
    if (options.seed !== undefined) settings.seed = options.seed;
    const unmapped = restOf(options, unlimited ? MAPPED_OPTIONS.filter((name) => name !== 'num_predict') : MAPPED_OPTIONS);
    if (unmapped) extra.options = unmapped;
    else if (Object.keys(options).length === 0) extra.$emptyOptions = true;
  }
  return { settings, extra };
}
