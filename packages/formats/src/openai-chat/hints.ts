/*
 * `$`-prefixed keys this codec keeps in `extra` to write a request back in
 * the shape it came in. Private to openai-chat: read only when
 * `request.origin === 'openai-chat'`.
 */

/** Top level: which of `max_tokens` / `max_completion_tokens` carried the budget. */
export const MAX_TOKENS_FIELD = '$maxTokensField';
/** Top level: `stop` was one string, not an array. */
export const STOP_STRING = '$stopString';
/** Top level: `stream` was not sent at all. */
export const STREAM_ABSENT = '$streamAbsent';
/** Top level: the other keys of `stream_options` (an object, possibly empty). */
export const STREAM_OPTIONS = '$streamOptions';
/** Top level: `response_format` details the neutral format flattens. */
export const RESPONSE_FORMAT = '$responseFormat';

/** Message / part: how `content` was written: 'string', 'empty' (""), 'null', 'absent'; array when missing. */
export const CONTENT = '$content';
/** Tool call: it had no id on the wire; bench made one up (`call_<n>`) and writes it back without. */
export const NO_ID = '$noId';
/** Assistant: `tool_calls` was an empty array. */
export const EMPTY_TOOL_CALLS = '$emptyToolCalls';

/** System part: the index in `messages` of the message it came from. */
export const AT = '$at';
/** System part: `system` or `developer`. */
export const ROLE = '$role';
/** System part: unmapped keys of the message it came from (on its first part). */
export const MESSAGE_EXTRA = '$messageExtra';
/** System part: a placeholder for a message whose content was an empty array. */
export const EMPTY_ARRAY = '$emptyArray';

/** Tool definition: unmapped keys of the outer `{type, function}` object. */
export const TOOL_OUTER = '$outer';
/** Tool definition: `parameters` was not sent. */
export const NO_PARAMETERS = '$noParameters';

/**
 * Message: content parts bench cannot represent (input_audio, refusal, a file by id),
 * as `[{index, part}]`. Not `$`-prefixed on purpose: another protocol that
 * cannot carry them warns instead of dropping them silently.
 */
export const UNMAPPED_PARTS_KEY = 'openai_content_parts';
