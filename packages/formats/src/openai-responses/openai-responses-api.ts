import { z } from 'zod';

/*
 * Wire schemas of the OpenAI Responses API. Client side (requests): strict on
 * the fields we map, loose objects so unknown fields survive into `extra`.
 * Upstream side (replies, stream events): lenient, `.nullish()`, only what we use.
 */

export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

export const requestBodySchema = z.looseObject({
  model: z.string().min(1),
  instructions: z.string().optional(),
  input: z
    .union([z.string(), z.array(z.unknown())], { error: 'expected a string, or an array of input items (messages, function calls and their outputs)' })
    .optional(),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
  tool_choice: z
    .union([z.enum(['auto', 'none', 'required']), z.looseObject({ type: z.string() })], {
      error: 'expected "auto", "none", "required", or an object naming a tool ({"type": "function", "name": …})',
    })
    .optional(),
  parallel_tool_calls: z.boolean().optional(),
  text: z.looseObject({ format: z.looseObject({ type: z.string() }).optional() }).optional(),
  max_output_tokens: z.number().int().nonnegative().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  reasoning: z.looseObject({ effort: z.enum(REASONING_EFFORTS).nullish() }).optional(),
  prompt_cache_key: z.string().optional(),
  stream: z.boolean().optional(),
});
export type RequestBody = z.output<typeof requestBodySchema>;

export const textFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string().min(1),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().optional(),
    strict: z.boolean().optional(),
  }),
]);

export const functionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().optional(),
});

export const customToolSchema = z.looseObject({
  type: z.literal('custom'),
  name: z.string().min(1),
  description: z.string().optional(),
  format: z.record(z.string(), z.unknown()).optional(),
});

export const functionToolChoiceSchema = z.looseObject({ type: z.literal('function'), name: z.string().min(1) });

export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const contentPartSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('input_text'), text: z.string() }),
  z.looseObject({ type: z.literal('output_text'), text: z.string() }),
  z.looseObject({ type: z.literal('refusal'), refusal: z.string() }),
  z.looseObject({
    type: z.literal('input_image'),
    image_url: z.string().optional(),
    file_id: z.string().optional(),
    detail: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('input_file'),
    file_data: z.string().optional(),
    file_url: z.string().optional(),
    file_id: z.string().nullish(),
    filename: z.string().optional(),
  }),
]);
export type ContentPartWire = z.output<typeof contentPartSchema>;

export const contentPartsSchema = z.array(contentPartSchema);

/** Content is checked in two steps (string or array, then each part) so that an error names the part at fault. */
const contentSchema = z.union([z.string(), z.array(z.unknown())], { error: 'expected a string or an array of content parts' });

export const messageItemSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: contentSchema,
});
export type MessageItem = z.output<typeof messageItemSchema>;

export const functionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  namespace: z.string().min(1).optional(),
  arguments: z.string(),
});

export const functionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: contentSchema,
});

export const customToolCallItemSchema = z.looseObject({
  type: z.literal('custom_tool_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  namespace: z.string().min(1).optional(),
  input: z.string(),
});

export const customToolCallOutputItemSchema = z.looseObject({
  type: z.literal('custom_tool_call_output'),
  call_id: z.string().min(1),
  output: contentSchema,
});

export const reasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  summary: z.array(z.looseObject({ type: z.literal('summary_text'), text: z.string() })),
  encrypted_content: z.string().nullish(),
});

/* Upstream replies: lenient. */

const usageSchema = z
  .object({
    input_tokens: z.number().nullish(),
    input_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
    output_tokens: z.number().nullish(),
    output_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
  })
  .nullish();
export type UsageWire = z.output<typeof usageSchema>;

export const outputItemSchema = z.looseObject({
  type: z.string(),
  id: z.string().nullish(),
  call_id: z.string().nullish(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  arguments: z.string().nullish(),
  input: z.string().nullish(),
  encrypted_content: z.string().nullish(),
  summary: z.array(z.object({ text: z.string().nullish() })).nullish(),
  content: z.array(z.object({ type: z.string().nullish(), text: z.string().nullish(), refusal: z.string().nullish() })).nullish(),
});
export type OutputItem = z.output<typeof outputItemSchema>;

export const replySchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  created_at: z.number().nullish(),
  status: z.string().nullish(),
  output: z.array(outputItemSchema).nullish(),
  usage: usageSchema,
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
export type ReplyWire = z.output<typeof replySchema>;

/* Upstream stream events: lenient, one shape with every field we read. */

export const streamEventSchema = z.object({
  type: z.string(),
  response: replySchema.nullish(),
  item: outputItemSchema.nullish(),
  item_id: z.string().nullish(),
  output_index: z.number().nullish(),
  summary_index: z.number().nullish(),
  delta: z.string().nullish(),
  arguments: z.string().nullish(),
  input: z.string().nullish(),
  code: z.string().nullish(),
  message: z.string().nullish(),
  param: z.string().nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish(), type: z.string().nullish(), param: z.string().nullish() }).nullish(),
});
export type StreamEventWire = z.output<typeof streamEventSchema>;
