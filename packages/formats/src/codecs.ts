import { anthropicCodec } from './anthropic/anthropic-codec';
import type { Codec } from './codec';
import { geminiCodec } from './gemini/gemini-codec';
import type { Protocol } from './neutral/protocol';
import { ollamaCodec } from './ollama/ollama-codec';
import { openaiChatCodec } from './openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses/openai-responses-codec';

const CODECS: Record<Protocol, Codec> = {
  'openai-chat': openaiChatCodec,
  'openai-responses': openaiResponsesCodec,
  anthropic: anthropicCodec,
  gemini: geminiCodec,
  ollama: ollamaCodec,
};

export function getCodec(protocol: Protocol): Codec {
  return CODECS[protocol];
}
