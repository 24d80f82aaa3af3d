import { z } from 'zod';

/*
 * OpenAI Chat Completions wire schemas. Client requests are strict on the
 * fields bench maps and loose elsewhere (unknown keys survive into `extra`);
 * upstream replies and chunks are lenient (`.nullish()`, only what is used).
 */

const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const imageMediaTypes: readonly string[] = IMAGE_MEDIA_TYPES;

export const textPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

export const imageUrlPartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string().min(1, 'expected an image URL or a data: URL') }),
});

/** A file by its data (`data:<media type>;base64,…`) or by an uploaded file's id. */
export const filePartSchema = z.looseObject({
  type: z.literal('file'),
  file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }),
});

/** Parts bench does not map to neutral content; kept verbatim (see `UNMAPPED_PARTS_KEY`). */
export const otherPartSchema = z.looseObject({
  type: z.enum(['input_audio', 'refusal']),
});

export const userPartSchema = z.discriminatedUnion('type', [textPartSchema, imageUrlPartSchema, filePartSchema, otherPartSchema]);

export const toolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string().min(1, 'expected a function name'), arguments: z.string() }),
});

const systemMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer']),
  content: z.union([z.string(), z.array(textPartSchema)]),
});

const userMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(userPartSchema)]),
});

const assistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPartSchema, filePartSchema, otherPartSchema]))]).nullish(),
  reasoning_content: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).nullish(),
});

const toolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  tool_call_id: z.string(),
  content: z.union([z.string(), z.array(textPartSchema)]),
});

export const messageSchema = z.discriminatedUnion('role', [systemMessageSchema, userMessageSchema, assistantMessageSchema, toolMessageSchema]);

export const toolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1, 'expected a function name'),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
  z.looseObject({ type: z.enum(['allowed_tools', 'custom']) }),
]);

export const responseFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    json_schema: z.looseObject({
      name: z.string(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
      description: z.string().optional(),
    }),
  }),
]);

export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

export const requestSchema = z.looseObject({
  model: z.string().min(1, 'expected a model name'),
  messages: z.array(messageSchema),
  tools: z.array(toolSchema).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: responseFormatSchema.optional(),
  max_tokens: z.number().int().nonnegative().optional(),
  max_completion_tokens: z.number().int().nonnegative().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
  seed: z.number().int().optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  reasoning_effort: z.enum(REASONING_EFFORTS).optional(),
  prompt_cache_key: z.string().optional(),
});

export type WireRequest = z.output<typeof requestSchema>;
export type WireMessage = z.output<typeof messageSchema>;
export type WireToolCall = z.output<typeof toolCallSchema>;

/* ---- upstream side: lenient ---- */

export const usageSchema = z.looseObject({
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullish(), cache_write_tokens: z.number().nullish() }).nullish(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullish() }).nullish(),
});
export type WireUsage = z.output<typeof usageSchema>;

const replyToolCallSchema = z.looseObject({
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }),
});

export const replySchema = z.looseObject({
  id: z.string().nullish(),
  created: z.number().nullish(),
  model: z.string().nullish(),
  choices: z.array(
    z.looseObject({
      message: z.looseObject({
        content: z.string().nullish(),
        reasoning_content: z.string().nullish(),
        reasoning: z.string().nullish(),
        /** OpenRouter's (see openrouter-reasoning-details.ts); read leniently. */
        reasoning_details: z.unknown().optional(),
        refusal: z.string().nullish(),
        tool_calls: z.array(replyToolCallSchema).nullish(),
      }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: usageSchema.nullish(),
});

// Stream chunks are read by hand (read-openai-chat-chunk.ts): they arrive once per token.

export const errorBodySchema = z.looseObject({
  error: z.union([
    z.looseObject({
      message: z.string().nullish(),
      type: z.string().nullish(),
      code: z.union([z.string(), z.number()]).nullish(),
      param: z.string().nullish(),
    }),
    z.string(),
  ]),
});
