import { isBase64, NOT_BASE64 } from '../shared/base64';
import { z } from 'zod';

/** Wire schemas of Anthropic Messages. Strict on what clients send (known fields typed, unknown kept), lenient on replies. */

export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** What a document block takes: a PDF (base64 or URL source) or plain text (a text source). */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'text/plain'] as const;

export const STOP_REASONS = ['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded'] as const;
export type AnthropicStopReason = (typeof STOP_REASONS)[number];

const jsonObject = z.record(z.string(), z.unknown());

/** Any content block: its own fields are checked by the block's schema below, with the block's path. */
export const anyBlockSchema = z.looseObject({ type: z.string() });

export const textBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

export const base64SourceSchema = z.looseObject({
  type: z.literal('base64'),
  media_type: z.enum(IMAGE_MEDIA_TYPES, { error: `expected one of ${IMAGE_MEDIA_TYPES.join(', ')}` }),
  data: z.string().refine(isBase64, NOT_BASE64),
});

export const urlSourceSchema = z.looseObject({ type: z.literal('url'), url: z.string() });

export const pdfSourceSchema = z.looseObject({
  type: z.literal('base64'),
  media_type: z.literal('application/pdf', { error: 'expected application/pdf' }),
  data: z.string().refine(isBase64, NOT_BASE64),
});

export const imageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: z.looseObject({ type: z.string() }),
});

export const documentBlockSchema = z.looseObject({
  type: z.literal('document'),
  source: z.looseObject({ type: z.string() }),
  title: z.string().nullish(),
});

export const toolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: jsonObject,
});

export const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(anyBlockSchema)], { error: 'expected a string or an array of content blocks' }).optional(),
  is_error: z.boolean().optional(),
});

export const thinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

export const redactedThinkingBlockSchema = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

const contentSchema = z.union([z.string(), z.array(anyBlockSchema)], { error: 'expected a string or an array of content blocks' });

export const messageSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'system'], { error: 'expected one of user, assistant, system' }),
  content: contentSchema,
});

/** A tool: a custom one (input_schema) or a server tool (a `type` such as web_search_20250305). */
export const toolSchema = z.looseObject({ name: z.string(), type: z.string().nullish() });

export const customToolSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  input_schema: jsonObject,
  strict: z.boolean().optional(),
});

export const toolChoiceSchema = z.looseObject({
  type: z.enum(['auto', 'any', 'tool', 'none'], { error: 'expected one of auto, any, tool, none' }),
  name: z.string().optional(),
  disable_parallel_tool_use: z.boolean().optional(),
});

export const thinkingSchema = z.looseObject({ type: z.string(), budget_tokens: z.number().int().positive().optional() });

function requestShape<T extends z.ZodType<number | undefined>>(maxTokens: T) {
  return z.looseObject({
    model: z.string(),
    messages: z.array(messageSchema),
    system: z.union([z.string(), z.array(anyBlockSchema)], { error: 'expected a string or an array of text blocks' }).optional(),
    tools: z.array(toolSchema).optional(),
    tool_choice: toolChoiceSchema.optional(),
    max_tokens: maxTokens,
    temperature: z.number().optional(),
    top_p: z.number().optional(),
    top_k: z.number().int().optional(),
    stop_sequences: z.array(z.string()).optional(),
    stream: z.boolean().optional(),
    thinking: thinkingSchema.optional(),
    output_config: jsonObject.optional(),
  });
}

export const requestSchema = requestShape(z.number().int().positive());
/** count_tokens: the same body without max_tokens and stream. */
export const countTokensRequestSchema = requestShape(z.number().int().positive().optional());
export type AnthropicRequestBody = z.output<typeof countTokensRequestSchema>;
export type AnthropicBlock = z.output<typeof anyBlockSchema>;

/* ---- What upstreams send: lenient, only what is used. ---- */

export const usageSchema = z.looseObject({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_creation: z.looseObject({ ephemeral_5m_input_tokens: z.number().nullish(), ephemeral_1h_input_tokens: z.number().nullish() }).nullish(),
  output_tokens_details: z.looseObject({ thinking_tokens: z.number().nullish() }).nullish(),
});
export type AnthropicUsage = z.output<typeof usageSchema>;

export const replyBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string().nullish(),
  thinking: z.string().nullish(),
  signature: z.string().nullish(),
  data: z.string().nullish(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
});

export const replySchema = z.looseObject({
  id: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(replyBlockSchema),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: usageSchema.nullish(),
});

export const errorBodySchema = z.looseObject({
  error: z.looseObject({ type: z.string().nullish(), message: z.string().nullish() }),
});
