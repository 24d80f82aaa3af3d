import type { Extra } from '../neutral/content';
import type { NeutralRequest, ReasoningConfig } from '../neutral/request';
import type { GeminiGenerationConfig } from './gemini-api';
import { restOf } from './gemini-extra';
import { fromGeminiSchema } from './from-gemini-schema';

const MAPPED = [
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'seed',
  'stopSequences',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'thinkingConfig',
];
const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
type Effort = (typeof EFFORTS)[number];

type Mapped = Pick<NeutralRequest, 'maxOutputTokens' | 'temperature' | 'topP' | 'topK' | 'seed' | 'stop' | 'responseFormat' | 'reasoning'>;

/**
 * `generationConfig` → neutral fields. What has no neutral field stays in
 * `extra.generationConfig` (merged back by the formatter); `$` hints keep
 * spellings (schema key, original schema, thinkingLevel case).
 */
export function parseGeminiGenerationConfig(config: GeminiGenerationConfig, extra: Extra): Mapped {
  const out: Mapped = {};
  const rest = restOf(config, MAPPED);
  if (config.maxOutputTokens !== undefined) out.maxOutputTokens = config.maxOutputTokens;
  if (config.temperature !== undefined) out.temperature = config.temperature;
  if (config.topP !== undefined) out.topP = config.topP;
  if (config.topK !== undefined) out.topK = config.topK;
  if (config.seed !== undefined) out.seed = config.seed;
  if (config.stopSequences !== undefined) out.stop = config.stopSequences;
  parseResponseFormat(config, out, rest, extra);
  if (config.thinkingConfig) out.reasoning = parseThinking(config.thinkingConfig, rest, extra);
  if (Object.keys(rest).length > 0) extra.generationConfig = rest;
  if (Object.keys(config).length === 0) extra.$emptyGenerationConfig = true;
  return out;
}

function parseResponseFormat(config: GeminiGenerationConfig, out: Mapped, rest: Record<string, unknown>, extra: Extra): void {
  const key = config.responseJsonSchema ? 'responseJsonSchema' : config.responseSchema ? 'responseSchema' : undefined;
  const bothSchemas = config.responseJsonSchema !== undefined && config.responseSchema !== undefined;
  if (config.responseMimeType === 'application/json' && !bothSchemas) {
    const original = key ? config[key] : undefined;
    if (key && original) {
      const change = { changed: false };
      const schema = fromGeminiSchema(original, change);
      out.responseFormat = { type: 'json-schema', schema };
      extra.$responseSchemaKey = key;
      if (change.changed) extra.$responseSchema = original;
    } else {
      out.responseFormat = { type: 'json' };
    }
    return;
  }
  if (config.responseMimeType === 'text/plain' && !key) {
    out.responseFormat = { type: 'text' };
    return;
  }
  for (const name of ['responseMimeType', 'responseSchema', 'responseJsonSchema'] as const) {
    if (config[name] !== undefined) rest[name] = config[name];
  }
}

function parseThinking(thinking: NonNullable<GeminiGenerationConfig['thinkingConfig']>, rest: Record<string, unknown>, extra: Extra): ReasoningConfig {
  const reasoning: ReasoningConfig = {};
  const unmapped = restOf(thinking, ['thinkingBudget', 'includeThoughts', 'thinkingLevel']);
  if (thinking.thinkingBudget !== undefined) reasoning.budgetTokens = thinking.thinkingBudget;
  if (thinking.includeThoughts !== undefined) reasoning.enabled = thinking.includeThoughts;
  const level = thinking.thinkingLevel;
  if (level !== undefined) {
    const effort = level.toLowerCase();
    if (isEffort(effort)) {
      reasoning.effort = effort;
      if (effort !== level) extra.$thinkingLevel = level;
    } else {
      unmapped.thinkingLevel = level;
    }
  }
  if (Object.keys(unmapped).length > 0) rest.thinkingConfig = unmapped;
  return reasoning;
}

function isEffort(value: string): value is Effort {
  return (EFFORTS as readonly string[]).includes(value);
}
