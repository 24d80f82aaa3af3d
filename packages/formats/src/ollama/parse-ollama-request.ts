import type { ParseRequestOptions } from '../codec';
import type { NeutralRequest, ToolDefinition } from '../neutral/request';
import { parseWithSchema } from '../shared/parse-with-schema';
import { ollamaChatRequestSchema, type OllamaTool } from './ollama-api';
import { parseOllamaGenerateRequest } from './parse-ollama-generate-request';
import { parseOllamaMessages } from './parse-ollama-messages';
import { parseOllamaSettings } from './parse-ollama-settings';
import { mergeExtra, restOf } from './rest-of';

const MAPPED_CHAT_KEYS = ['model', 'messages', 'tools', 'format', 'options', 'stream', 'think'];

/** A client's /api/chat (default) or /api/generate body → the neutral request. */
export function parseOllamaRequest(body: unknown, options?: ParseRequestOptions): NeutralRequest {
  if (options?.endpoint === 'generate') return parseOllamaGenerateRequest(body);
  const chat = parseWithSchema(ollamaChatRequestSchema, body);
  // No messages at all is how a client preloads a model; `$noMessages` keeps that.
  const { system, systemBeforeReplies, messages } = parseOllamaMessages(chat.messages ?? []);
  const { settings, extra } = parseOllamaSettings(chat);
  const request: NeutralRequest = {
    origin: 'ollama',
    model: chat.model,
    system,
    messages,
    ...settings,
    extra: mergeExtra(restOf(chat, MAPPED_CHAT_KEYS), extra, chat.messages ? undefined : { $noMessages: true }) ?? {},
  };
  if (systemBeforeReplies !== undefined) request.systemBeforeReplies = systemBeforeReplies;
  if (chat.tools) request.tools = chat.tools.map(parseOllamaTool);
  return request;
}

function parseOllamaTool(tool: OllamaTool): ToolDefinition {
  const definition: ToolDefinition = { name: tool.function.name, inputSchema: tool.function.parameters ?? {} };
  if (tool.function.description !== undefined) definition.description = tool.function.description;
  const fn = restOf(tool.function, ['name', 'description', 'parameters']);
  const extra = mergeExtra(
    restOf(tool, ['type', 'function']),
    fn ? { $function: fn } : undefined,
    tool.function.parameters === undefined ? { $noParameters: true } : undefined,
  );
  if (extra) definition.extra = extra;
  return definition;
}
