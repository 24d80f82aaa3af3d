import { isRecord } from './gemini-extra';

/**
 * Google's JSON parser takes proto field names in snake_case as well as
 * camelCase, and Google's own REST examples use them (`system_instruction`,
 * `inline_data`, `mime_type`). We read them as camelCase, remember which keys
 * were written so, and write them back the same way.
 */
const CAMEL: Record<string, string> = {
  system_instruction: 'systemInstruction',
  generation_config: 'generationConfig',
  tool_config: 'toolConfig',
  function_calling_config: 'functionCallingConfig',
  allowed_function_names: 'allowedFunctionNames',
  function_declarations: 'functionDeclarations',
  parameters_json_schema: 'parametersJsonSchema',
  inline_data: 'inlineData',
  file_data: 'fileData',
  mime_type: 'mimeType',
  file_uri: 'fileUri',
  function_call: 'functionCall',
  function_response: 'functionResponse',
  thought_signature: 'thoughtSignature',
  max_output_tokens: 'maxOutputTokens',
  top_p: 'topP',
  top_k: 'topK',
  stop_sequences: 'stopSequences',
  response_mime_type: 'responseMimeType',
  response_schema: 'responseSchema',
  response_json_schema: 'responseJsonSchema',
  thinking_config: 'thinkingConfig',
  thinking_budget: 'thinkingBudget',
  include_thoughts: 'includeThoughts',
  thinking_level: 'thinkingLevel',
  candidate_count: 'candidateCount',
  presence_penalty: 'presencePenalty',
  frequency_penalty: 'frequencyPenalty',
  response_modalities: 'responseModalities',
  media_resolution: 'mediaResolution',
  safety_settings: 'safetySettings',
  cached_content: 'cachedContent',
  google_search: 'googleSearch',
  code_execution: 'codeExecution',
};

/** Values written by the caller as they are (arguments, schemas): their keys are data, never renamed. */
const OPAQUE = new Set(['args', 'response', 'parameters', 'parametersJsonSchema', 'responseSchema', 'responseJsonSchema', 'labels']);

export type KeyPath = Array<string | number>;

/** A copy of `body` with snake_case field names in camelCase, and the paths (as written) of those renamed. */
export function camelizeGeminiKeys(body: unknown): { value: unknown; renamed: KeyPath[] } {
  const renamed: KeyPath[] = [];
  return { value: walk(body, [], renamed), renamed };
}

function walk(value: unknown, path: KeyPath, renamed: KeyPath[]): unknown {
  if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i], renamed));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const camel = CAMEL[key] ?? key;
    if (camel !== key) renamed.push([...path, key]);
    out[camel] = OPAQUE.has(camel) ? inner : walk(inner, [...path, key], renamed);
  }
  return out;
}

/** Renames back, in `body` (formatted in camelCase), the keys the caller wrote in snake_case. */
export function snakeBack(body: Record<string, unknown>, renamed: readonly KeyPath[]): void {
  for (const path of renamed) {
    let node: unknown = body;
    path.forEach((segment, i) => {
      if (typeof segment === 'number') {
        node = Array.isArray(node) ? node[segment] : undefined;
        return;
      }
      if (!isRecord(node)) return;
      const camel = CAMEL[segment] ?? segment;
      const key = camel in node ? camel : segment;
      if (i === path.length - 1 && key === camel && camel !== segment) {
        node[segment] = node[camel];
        delete node[camel];
        return;
      }
      node = node[key];
    });
  }
}
