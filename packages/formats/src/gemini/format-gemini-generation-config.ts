import type { NeutralRequest } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { isRecord } from './gemini-extra';
import { toGeminiSchema } from './to-gemini-schema';

/** Neutral generation fields → `generationConfig`; undefined when there is none. */
export function formatGeminiGenerationConfig(request: NeutralRequest, own: boolean, warnings: Warning[]): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (request.maxOutputTokens !== undefined) out.maxOutputTokens = request.maxOutputTokens;
  if (request.temperature !== undefined) out.temperature = request.temperature;
  if (request.topP !== undefined) out.topP = request.topP;
  if (request.topK !== undefined) out.topK = request.topK;
  if (request.seed !== undefined) out.seed = request.seed;
  if (request.stop !== undefined) out.stopSequences = request.stop;
  formatResponseFormat(request, own, out, warnings);
  const thinking = formatThinking(request, own, warnings);
  if (thinking) out.thinkingConfig = thinking;
  const rest = own ? request.extra.generationConfig : undefined;
  if (isRecord(rest)) {
    for (const [key, value] of Object.entries(rest)) {
      out[key] = key === 'thinkingConfig' && isRecord(value) ? { ...(thinking ?? {}), ...value } : value;
    }
  }
  return Object.keys(out).length > 0 || (own && request.extra.$emptyGenerationConfig) ? out : undefined;
}

function formatResponseFormat(request: NeutralRequest, own: boolean, out: Record<string, unknown>, warnings: Warning[]): void {
  const format = request.responseFormat;
  if (!format) return;
  switch (format.type) {
    case 'text':
      out.responseMimeType = 'text/plain';
      return;
    case 'json':
      out.responseMimeType = 'application/json';
      return;
    case 'json-schema': {
      out.responseMimeType = 'application/json';
      const key = own ? request.extra.$responseSchemaKey : undefined;
      if (key === 'responseSchema' || key === 'responseJsonSchema') {
        out[key] = request.extra.$responseSchema ?? format.schema;
        return;
      }
      out.responseSchema = toGeminiSchema(format.schema, 'responseFormat.schema', warnings);
      if (format.name !== undefined) warnings.push({ code: 'dropped', path: 'responseFormat.name', message: 'Gemini response schemas have no name' });
      if (format.description !== undefined)
        warnings.push({ code: 'dropped', path: 'responseFormat.description', message: 'Gemini response schemas have no description' });
      return;
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

const LEVELS: Record<string, string> = { minimal: 'MINIMAL', low: 'LOW', medium: 'MEDIUM', high: 'HIGH' };

function formatThinking(request: NeutralRequest, own: boolean, warnings: Warning[]): Record<string, unknown> | undefined {
  const reasoning = request.reasoning;
  if (!reasoning) return undefined;
  const out: Record<string, unknown> = {};
  if (own) {
    if (reasoning.budgetTokens !== undefined) out.thinkingBudget = reasoning.budgetTokens;
    if (reasoning.enabled !== undefined) out.includeThoughts = reasoning.enabled;
    if (reasoning.effort !== undefined) out.thinkingLevel = request.extra.$thinkingLevel ?? reasoning.effort;
    return out;
  }
  if (reasoning.enabled !== undefined) out.includeThoughts = reasoning.enabled;
  const effort = reasoning.effort;
  if (effort === 'none') {
    out.thinkingBudget = 0;
    warnings.push({ code: 'converted', path: 'reasoning.effort', message: 'effort "none" written as thinkingBudget 0' });
  } else if (effort === 'xhigh') {
    out.thinkingLevel = 'HIGH';
    warnings.push({ code: 'clamped', path: 'reasoning.effort', message: 'effort "xhigh" written as thinkingLevel HIGH, Gemini\'s highest' });
  } else if (effort !== undefined) {
    out.thinkingLevel = LEVELS[effort];
  }
  if (reasoning.budgetTokens !== undefined) {
    // Gemini refuses thinkingBudget together with thinkingLevel.
    if (out.thinkingLevel !== undefined || out.thinkingBudget !== undefined) {
      warnings.push({
        code: 'dropped',
        path: 'reasoning.budgetTokens',
        message: 'Gemini takes a thinking budget or a thinking level, not both; the level was kept',
      });
    } else {
      out.thinkingBudget = reasoning.budgetTokens;
    }
  }
  return out;
}
