import { REASONING_EFFORTS } from './openai-chat-api';
import { isRecord } from './split-extra';

/**
 * `requestSchema`'s checks written out by hand, for the request path: true only when the schema would accept
 * `input` (zod then has nothing to say); false when it might not, and zod decides and explains. It reads the same
 * fields as the schema and nothing else, so a change to the schema must be made here too (its test compares the two
 * on generated requests, valid and broken).
 */
export function passesRequestSchema(input: unknown): boolean {
  if (!isRecord(input)) return false;
  const { model, messages } = input;
  if (typeof model !== 'string' || model.length === 0 || !Array.isArray(messages)) return false;
  for (const message of messages) if (!isMessage(message)) return false;
  return (
    (input.tools === undefined || everyOf(input.tools, isTool)) &&
    (input.tool_choice === undefined || isToolChoice(input.tool_choice)) &&
    optional(input.parallel_tool_calls, isBoolean) &&
    (input.response_format === undefined || isResponseFormat(input.response_format)) &&
    optional(input.max_tokens, isCount) &&
    optional(input.max_completion_tokens, isCount) &&
    optional(input.temperature, isNumber) &&
    optional(input.top_p, isNumber) &&
    (input.stop === undefined || typeof input.stop === 'string' || everyOf(input.stop, isString)) &&
    optional(input.seed, isSafeInteger) &&
    optional(input.stream, isBoolean) &&
    (input.stream_options === undefined || (isRecord(input.stream_options) && optional(input.stream_options.include_usage, isBoolean))) &&
    (input.reasoning_effort === undefined || EFFORTS.has(input.reasoning_effort)) &&
    optional(input.prompt_cache_key, isString)
  );
}

const EFFORTS: ReadonlySet<unknown> = new Set(REASONING_EFFORTS);

function isMessage(message: unknown): boolean {
  if (!isRecord(message)) return false;
  const { content } = message;
  switch (message.role) {
    case 'system':
    case 'developer':
      return typeof content === 'string' || everyOf(content, isTextPart);
    case 'user':
      return typeof content === 'string' || everyOf(content, isUserPart);
    case 'assistant':
      return (
        (content === undefined || content === null || typeof content === 'string' || everyOf(content, isAssistantPart)) &&
        nullish(message.reasoning_content, isString) &&
        (message.tool_calls === undefined || message.tool_calls === null || everyOf(message.tool_calls, isToolCall))
      );
    case 'tool':
      return typeof message.tool_call_id === 'string' && (typeof content === 'string' || everyOf(content, isTextPart));
    default:
      return false;
  }
}

function isTextPart(part: unknown): boolean {
  return isRecord(part) && part.type === 'text' && typeof part.text === 'string';
}

function isUserPart(part: unknown): boolean {
  if (isRecord(part) && part.type === 'image_url') {
    return isRecord(part.image_url) && typeof part.image_url.url === 'string' && part.image_url.url.length > 0;
  }
  return isAssistantPart(part);
}

/** A part an assistant message may hold; a user message takes these and images. */
function isAssistantPart(part: unknown): boolean {
  if (!isRecord(part)) return false;
  switch (part.type) {
    case 'text':
      return typeof part.text === 'string';
    case 'file':
      return isFile(part.file);
    case 'input_audio':
    case 'refusal':
      return true;
    default:
      return false;
  }
}

function isFile(file: unknown): boolean {
  return isRecord(file) && optional(file.file_data, isString) && optional(file.file_id, isString) && optional(file.filename, isString);
}

function isToolCall(call: unknown): boolean {
  return isRecord(call) && optional(call.id, isString) && call.type === 'function' && isFunctionCalled(call.function);
}

function isFunctionCalled(called: unknown): boolean {
  return isRecord(called) && isName(called.name) && typeof called.arguments === 'string';
}

function isTool(tool: unknown): boolean {
  if (!isRecord(tool) || tool.type !== 'function' || !isRecord(tool.function)) return false;
  const declared = tool.function;
  return (
    isName(declared.name) && optional(declared.description, isString) && optional(declared.parameters, isPlainRecord) && nullish(declared.strict, isBoolean)
  );
}

function isToolChoice(choice: unknown): boolean {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return true;
  if (!isRecord(choice)) return false;
  if (choice.type === 'allowed_tools' || choice.type === 'custom') return true;
  return choice.type === 'function' && isRecord(choice.function) && typeof choice.function.name === 'string';
}

function isResponseFormat(format: unknown): boolean {
  if (!isRecord(format)) return false;
  if (format.type === 'text' || format.type === 'json_object') return true;
  if (format.type !== 'json_schema' || !isRecord(format.json_schema)) return false;
  const { json_schema: schema } = format;
  return (
    typeof schema.name === 'string' && optional(schema.schema, isPlainRecord) && nullish(schema.strict, isBoolean) && optional(schema.description, isString)
  );
}

function everyOf(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (!check(item)) return false;
  return true;
}

function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

function nullish(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || value === null || check(value);
}

/**
 * What `z.record(z.string(), z.unknown())` takes, narrowed to what JSON makes: an object of Object's prototype (or
 * none) whose keys are all strings. Anything else (a class instance, a symbol key) is left to zod.
 */
function isPlainRecord(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (Object.hasOwn(value, 'constructor')) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

function isName(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

function isBoolean(value: unknown): boolean {
  return typeof value === 'boolean';
}

function isNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

function isSafeInteger(value: unknown): boolean {
  return Number.isSafeInteger(value);
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
