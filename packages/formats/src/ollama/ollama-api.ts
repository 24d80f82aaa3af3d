import { z } from 'zod';

/**
 * Ollama's wire shapes (/api/chat and /api/generate). Requests are strict on
 * known fields and loose on the rest (kept in `extra`); replies and stream
 * lines are lenient (`.nullish()`, only the fields used).
 */

const base64Image = z.base64('expected a base64 string (Ollama images have no data: prefix)');

export const ollamaOptionsSchema = z.looseObject({
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.int().optional(),
  num_predict: z.int().optional(),
  stop: z.array(z.string()).optional(),
  seed: z.int().optional(),
});

export const ollamaFormatSchema = z.union([z.literal('json'), z.record(z.string(), z.unknown())], {
  error: 'expected "json" or a JSON Schema object',
});

export const ollamaThinkSchema = z.union([z.boolean(), z.enum(['low', 'medium', 'high'])], {
  error: 'expected a boolean or one of "low", "medium", "high"',
});

export const ollamaToolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    index: z.int().optional(),
  }),
});

export const ollamaMessageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().optional(),
  images: z.array(base64Image).optional(),
  thinking: z.string().optional(),
  tool_calls: z.array(ollamaToolCallSchema).optional(),
  tool_name: z.string().optional(),
  tool_call_id: z.string().optional(),
});

export const ollamaToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

const commonRequestShape = {
  model: z.string().min(1, 'a model name is required'),
  format: ollamaFormatSchema.optional(),
  options: ollamaOptionsSchema.optional(),
  stream: z.boolean().optional(),
  think: ollamaThinkSchema.optional(),
};

export const ollamaChatRequestSchema = z.looseObject({
  ...commonRequestShape,
  messages: z.array(ollamaMessageSchema).optional(),
  tools: z.array(ollamaToolSchema).optional(),
});

export const ollamaGenerateRequestSchema = z.looseObject({
  ...commonRequestShape,
  prompt: z.string().optional(),
  system: z.string().optional(),
  images: z.array(base64Image).optional(),
});

export type OllamaOptions = z.output<typeof ollamaOptionsSchema>;
export type OllamaToolCall = z.output<typeof ollamaToolCallSchema>;
export type OllamaMessage = z.output<typeof ollamaMessageSchema>;
export type OllamaTool = z.output<typeof ollamaToolSchema>;
export type OllamaChatRequest = z.output<typeof ollamaChatRequestSchema>;
export type OllamaGenerateRequest = z.output<typeof ollamaGenerateRequestSchema>;

/** A tool call as an upstream sends it (lenient). */
const upstreamToolCallSchema = z.object({
  id: z.string().nullish(),
  function: z.object({
    name: z.string(),
    arguments: z.unknown().nullish(),
  }),
});

/** A whole reply or one stream line, chat or generate (lenient). */
export const ollamaReplySchema = z.looseObject({
  model: z.string().nullish(),
  created_at: z.string().nullish(),
  message: z
    .object({
      content: z.string().nullish(),
      thinking: z.string().nullish(),
      tool_calls: z.array(upstreamToolCallSchema).nullish(),
      images: z.array(z.string()).nullish(),
    })
    .nullish(),
  response: z.string().nullish(),
  thinking: z.string().nullish(),
  done: z.boolean().nullish(),
  done_reason: z.string().nullish(),
  prompt_eval_count: z.number().nullish(),
  eval_count: z.number().nullish(),
});

export type OllamaReply = z.output<typeof ollamaReplySchema>;

/** The reply fields the codec maps; every other top-level field is kept in `extra`. */
export const MAPPED_REPLY_KEYS: ReadonlySet<string> = new Set([
  'model',
  'created_at',
  'message',
  'response',
  'thinking',
  'done',
  'done_reason',
  'prompt_eval_count',
  'eval_count',
]);
