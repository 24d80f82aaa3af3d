import type { NeutralRequest, ReasoningConfig } from '../neutral/request';
import type { Warning } from '../neutral/warning';

type Effort = NonNullable<ReasoningConfig['effort']>;

const THINK_BY_EFFORT: Record<Effort, boolean | 'low' | 'medium' | 'high'> = {
  none: false,
  minimal: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'high',
};

/** stream, format, think and options of an /api/chat or /api/generate body. */
export function formatOllamaSettings(request: NeutralRequest, same: boolean, warnings: Warning[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!(same && request.extra.$streamAbsent === true && request.stream)) out.stream = request.stream;

  const format = request.responseFormat;
  if (format?.type === 'json') out.format = 'json';
  else if (format?.type === 'json-schema') {
    out.format = format.schema;
    for (const key of ['name', 'description', 'strict'] as const) {
      if (format[key] !== undefined) {
        warnings.push({ code: 'dropped', path: `responseFormat.${key}`, message: `Ollama's format takes only the JSON Schema; its ${key} is not sent` });
      }
    }
  }

  const think = formatThink(request.reasoning, warnings);
  if (think !== undefined) out.think = think;

  const options: Record<string, unknown> = {};
  if (request.temperature !== undefined) options.temperature = request.temperature;
  if (request.topP !== undefined) options.top_p = request.topP;
  if (request.topK !== undefined) options.top_k = request.topK;
  if (request.maxOutputTokens !== undefined) options.num_predict = request.maxOutputTokens;
  if (request.stop !== undefined) options.stop = request.stop;
  if (request.seed !== undefined) options.seed = request.seed;
  const unmapped = request.extra.options;
  if (same && typeof unmapped === 'object' && unmapped !== null) Object.assign(options, unmapped);
  if (Object.keys(options).length > 0 || (same && request.extra.$emptyOptions === true)) out.options = options;
  return out;
}

function formatThink(reasoning: ReasoningConfig | undefined, warnings: Warning[]): boolean | string | undefined {
  if (!reasoning) return undefined;
  if (reasoning.budgetTokens !== undefined) {
    warnings.push({ code: 'dropped', path: 'reasoning.budgetTokens', message: 'Ollama has no thinking budget; only think on/off or low/medium/high is sent' });
  }
  if (reasoning.effort !== undefined) {
    const think = THINK_BY_EFFORT[reasoning.effort];
    if (reasoning.effort === 'minimal' || reasoning.effort === 'xhigh') {
      warnings.push({ code: 'converted', path: 'reasoning.effort', message: `Ollama's think has no "${reasoning.effort}"; sent as "${String(think)}"` });
    }
    return think;
  }
  if (reasoning.enabled !== undefined) return reasoning.enabled;
  return reasoning.budgetTokens !== undefined ? reasoning.budgetTokens > 0 : undefined;
}
