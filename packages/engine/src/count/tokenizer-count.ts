import { getCodec, type NeutralRequest } from '@bench/formats';
import { computeChatCompletionTokenCount, type ChatCompletionFunctionDefinition, type ChatMessage } from 'gpt-tokenizer/functionCalling';
import { loadEncoding, openAIEncodingOf } from './openai-encoding';

/** An image of unknown size at OpenAI's high detail: a 1024 × 1024 tile set (85 + 4 × 170). */
const IMAGE_TOKENS = 765;
/** A document: a few pages of text and their images. */
const FILE_TOKENS = 6_000;

type WireMessage = {
  role?: string;
  name?: string;
  content?: unknown;
  tool_calls?: Array<{ function?: { name?: string; arguments?: string } }>;
};
type WireTool = { type?: string; function?: { name?: string; description?: string; parameters?: unknown } };

/**
 * A request's input tokens counted with the tokenizer of an OpenAI model
 * (`modelId`), on the request as an OpenAI Chat member receives it: messages
 * with their per-message overhead, tool calls and results, the tools as
 * OpenAI renders them, images at a fixed size. Undefined for another family.
 */
export async function tokenizerCount(modelId: string, request: NeutralRequest): Promise<number | undefined> {
  const encoding = openAIEncodingOf(modelId);
  if (!encoding) return undefined;
  const countText = await loadEncoding(encoding);
  const body = getCodec('openai-chat').formatRequest({ ...request, model: modelId, stream: false }).body;
  let fixed = 0;
  const messages: ChatMessage[] = [];
  for (const message of (body.messages ?? []) as WireMessage[]) {
    const { text, tokens } = contentOf(message.content);
    fixed += tokens;
    messages.push({ role: message.role ?? 'user', content: text, ...(message.name ? { name: message.name } : {}) });
    for (const call of message.tool_calls ?? []) {
      messages.push({ role: 'assistant', content: '', function_call: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' } });
    }
  }
  const functions: ChatCompletionFunctionDefinition[] = ((body.tools ?? []) as WireTool[]).flatMap((tool) =>
    tool.function?.name
      ? [
          {
            name: tool.function.name,
            ...(tool.function.description ? { description: tool.function.description } : {}),
            parameters: tool.function.parameters as never,
          },
        ]
      : [],
  );
  return fixed + computeChatCompletionTokenCount({ messages, ...(functions.length > 0 ? { functions } : {}) }, countText);
}

/** A wire message's text, and the fixed cost of its images and files. */
function contentOf(content: unknown): { text: string; tokens: number } {
  if (typeof content === 'string') return { text: content, tokens: 0 };
  if (!Array.isArray(content)) return { text: '', tokens: 0 };
  let text = '';
  let tokens = 0;
  for (const part of content as Array<{ type?: string; text?: string }>) {
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
    else if (part.type === 'image_url') tokens += IMAGE_TOKENS;
    else if (part.type === 'file') tokens += FILE_TOKENS;
  }
  return { text, tokens };
}
