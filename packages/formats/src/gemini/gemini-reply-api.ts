import { z } from 'zod';

/** What we read of an upstream's GenerateContentResponse: lenient, only the fields used. */

const partSchema = z.looseObject({
  text: z.string().nullish(),
  thought: z.boolean().nullish(),
  thoughtSignature: z.string().nullish(),
  inlineData: z.object({ mimeType: z.string(), data: z.string() }).nullish(),
  functionCall: z
    .object({
      id: z.string().nullish(),
      name: z.string(),
      args: z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).nullish(),
    })
    .nullish(),
});
export type GeminiReplyPart = z.infer<typeof partSchema>;

export const geminiUsageSchema = z.looseObject({
  promptTokenCount: z.number().nullish(),
  candidatesTokenCount: z.number().nullish(),
  thoughtsTokenCount: z.number().nullish(),
  cachedContentTokenCount: z.number().nullish(),
  totalTokenCount: z.number().nullish(),
});
export type GeminiUsage = z.infer<typeof geminiUsageSchema>;

export const geminiReplySchema = z.looseObject({
  candidates: z
    .array(
      z.looseObject({
        content: z.object({ parts: z.array(partSchema).nullish() }).nullish(),
        finishReason: z.string().nullish(),
      }),
    )
    .nullish(),
  usageMetadata: geminiUsageSchema.nullish(),
  modelVersion: z.string().nullish(),
  responseId: z.string().nullish(),
  promptFeedback: z.looseObject({ blockReason: z.string().nullish() }).nullish(),
  error: z.looseObject({ code: z.number().nullish(), message: z.string().nullish(), status: z.string().nullish() }).nullish(),
});
export type GeminiReply = z.infer<typeof geminiReplySchema>;
