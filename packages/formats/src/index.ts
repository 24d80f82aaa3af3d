export type {
  Codec,
  FormatReplyOptions,
  FormatStreamOptions,
  Formatted,
  ParseRequestOptions,
  StreamDecoder,
  StreamEncoder,
  StreamForm,
  UpstreamRequest,
} from './codec';
export { getCodec } from './codecs';
export type { CodecWire } from './codec-wire';
export type { UpstreamTokenCount } from './upstream-token-count';
export type { ModelListing } from './neutral/model-listing';
export { anthropicCodec } from './anthropic/anthropic-codec';
export { parseCountTokensRequest as parseAnthropicCountTokensRequest } from './anthropic/parse-anthropic-request';
export { dropSamplingThinkingRefuses, dropThinkingAnthropicWouldRefuse } from './anthropic/thinking-guard';
export { reasoningDetailsText } from './openai-chat/openrouter-reasoning-details';
export { geminiCodec } from './gemini/gemini-codec';
export { geminiArrayStream } from './gemini/gemini-array-stream';
export { ollamaCodec } from './ollama/ollama-codec';
export { openaiChatCodec } from './openai-chat/openai-chat-codec';
export { openaiResponsesCodec } from './openai-responses/openai-responses-codec';
export { benchCompactionContent } from './openai-responses/bench-compaction';
export { decodeStream, encodeStream } from './stream-transforms';
export { estimateTokens } from './estimate-tokens';
export { issueMessage } from './shared/issue-message';
export { ReplyAccumulator } from './reply-accumulator';
export { InvalidRequestError, type FieldIssue } from './errors/invalid-request-error';
export { InvalidReplyError } from './errors/invalid-reply-error';
export { safeParseJSON, type ParseResult } from './shared/safe-parse-json';
export { fieldPath } from './shared/field-path';
export { PROTOCOLS, type Protocol } from './neutral/protocol';
export { protocolCarriesFiles } from './neutral/protocol-files';
export type {
  AssistantContentPart,
  AssistantMessage,
  ContentPart,
  Extra,
  FilePart,
  FileSource,
  ImagePart,
  ImageSource,
  Message,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolContentPart,
  ToolMessage,
  ToolResultContentPart,
  ToolResultPart,
  UserContentPart,
  UserMessage,
} from './neutral/content';
export type {
  JSONSchema,
  NeutralRequest,
  ReasoningConfig,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
  ToolNamespace,
} from './neutral/request';
export { createToolCallRestorer, flatToolName, wireToolName, type ToolCallRestorer } from './shared/tool-names';
export type { NeutralReply } from './neutral/reply';
export type { FinishReason } from './neutral/finish-reason';
export type { Usage } from './neutral/usage';
export type { Warning } from './neutral/warning';
export { statusOfError, type ErrorKind, type NeutralError } from './neutral/neutral-error';
export {
  isOutputEvent,
  type ErrorEvent,
  type FinishEvent,
  type ReasoningDeltaEvent,
  type StartEvent,
  type StreamEvent,
  type StreamEventType,
  type TextDeltaEvent,
  type ToolCallDeltaEvent,
  type ToolCallEndEvent,
  type ToolCallStartEvent,
} from './neutral/stream-event';
