import type { ParseRequestOptions } from '../codec';
import { InvalidRequestError, type FieldIssue } from '../errors/invalid-request-error';
import type { Extra } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { geminiRequestSchema } from './gemini-api';
import { restOf } from './gemini-extra';
import { camelizeGeminiKeys } from './gemini-snake-case';
import { parseGeminiContents, parseGeminiSystem } from './parse-gemini-contents';
import { parseGeminiGenerationConfig } from './parse-gemini-generation-config';
import { parseGeminiToolConfig, parseGeminiTools } from './parse-gemini-tools';

const MAPPED = ['model', 'contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig'];

/** A Gemini generateContent body (model and streaming from the URL) → neutral request. */
export function parseGeminiRequest(body: unknown, options?: ParseRequestOptions): NeutralRequest {
  const camel = camelizeGeminiKeys(body);
  const wire = parseWithSchema(geminiRequestSchema, camel.value);
  const model = options?.model ?? wire.model;
  if (!model) {
    throw new InvalidRequestError([{ path: 'model', message: 'required: the model comes from the URL, /models/<model>:generateContent' }]);
  }
  const issues: FieldIssue[] = [];
  const extra: Extra = restOf(wire, MAPPED);
  if (wire.model !== undefined) extra.$model = wire.model;
  if (camel.renamed.length > 0) extra.$snakeCase = camel.renamed;
  const request: NeutralRequest = {
    origin: 'gemini',
    model: model.startsWith('models/') ? model.slice('models/'.length) : model,
    system: [],
    messages: parseGeminiContents(wire.contents, issues),
    stream: options?.stream ?? false,
    extra,
  };
  const system = wire.systemInstruction;
  if (system) {
    request.system = parseGeminiSystem(system.parts, issues);
    if (system.role !== undefined) extra.$systemRole = system.role;
    if (system.parts.length === 0) extra.$systemEmpty = true;
    const rest = restOf(system, ['role', 'parts']);
    for (const key of Object.keys(rest)) extra[`systemInstruction.${key}`] = rest[key];
  }
  if (wire.tools) request.tools = parseGeminiTools(wire.tools, extra);
  if (wire.toolConfig) {
    const choice = parseGeminiToolConfig(wire.toolConfig, extra);
    if (choice) request.toolChoice = choice;
  }
  if (wire.generationConfig) Object.assign(request, parseGeminiGenerationConfig(wire.generationConfig, extra));
  if (issues.length > 0) throw new InvalidRequestError(issues.slice(0, 5));
  return request;
}
