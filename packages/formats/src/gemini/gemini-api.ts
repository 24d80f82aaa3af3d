import { isBase64, NOT_BASE64 } from '../shared/base64';
import { z } from 'zod';

/**
 * Gemini `generateContent` request schemas: strict on the fields we map,
 * loose objects so that unknown fields survive into `extra`.
 */

/**
 * A JSON object passed through as it is (z.record would rebuild it, and lose
 * an own `__proto__` key that JSON.parse made).
 */
const jsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'expected a JSON object',
});

const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
const mimeType = z.string().regex(MIME_TYPE, { message: 'expected a MIME type such as image/png' });

export const geminiInlineDataSchema = z.looseObject({ mimeType, data: z.string().refine(isBase64, NOT_BASE64) });
export const geminiFileDataSchema = z.looseObject({ mimeType: mimeType.optional(), fileUri: z.string().min(1) });
export const geminiFunctionCallSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().min(1),
  args: jsonObject.optional(),
});
export const geminiFunctionResponseSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().min(1),
  response: jsonObject,
});

export const geminiPartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: geminiInlineDataSchema.optional(),
  fileData: geminiFileDataSchema.optional(),
  functionCall: geminiFunctionCallSchema.optional(),
  functionResponse: geminiFunctionResponseSchema.optional(),
});
export type GeminiPart = z.infer<typeof geminiPartSchema>;

export const geminiContentSchema = z.looseObject({
  role: z.enum(['user', 'model', 'function']).optional(),
  parts: z.array(geminiPartSchema),
});
export type GeminiContent = z.infer<typeof geminiContentSchema>;

export const geminiFunctionDeclarationSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: jsonObject.optional(),
  parametersJsonSchema: jsonObject.optional(),
});
export type GeminiFunctionDeclaration = z.infer<typeof geminiFunctionDeclarationSchema>;

export const geminiToolSchema = z.looseObject({
  functionDeclarations: z.array(geminiFunctionDeclarationSchema).optional(),
});

export const geminiFunctionCallingConfigSchema = z.looseObject({
  mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
  allowedFunctionNames: z.array(z.string()).optional(),
});

export const geminiThinkingConfigSchema = z.looseObject({
  thinkingBudget: z.number().int().optional(),
  includeThoughts: z.boolean().optional(),
  thinkingLevel: z.string().optional(),
});

export const geminiGenerationConfigSchema = z.looseObject({
  maxOutputTokens: z.number().int().nonnegative().optional(),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  seed: z.number().int().optional(),
  stopSequences: z.array(z.string()).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: jsonObject.optional(),
  responseJsonSchema: jsonObject.optional(),
  thinkingConfig: geminiThinkingConfigSchema.optional(),
});
export type GeminiGenerationConfig = z.infer<typeof geminiGenerationConfigSchema>;

export const geminiRequestSchema = z.looseObject({
  model: z.string().optional(),
  contents: z.array(geminiContentSchema),
  systemInstruction: z.looseObject({ role: z.string().optional(), parts: z.array(geminiPartSchema) }).optional(),
  tools: z.array(geminiToolSchema).optional(),
  toolConfig: z.looseObject({ functionCallingConfig: geminiFunctionCallingConfigSchema.optional() }).optional(),
  generationConfig: geminiGenerationConfigSchema.optional(),
});
export type GeminiRequest = z.infer<typeof geminiRequestSchema>;
