import { dropDanglingToolChoice } from '../__fixtures__/drop-dangling-tool-choice';
import fc from 'fast-check';

/** fast-check generators of valid Anthropic Messages bodies (test helper). */

const text = fc.string({ maxLength: 12 });
/** Tool ids as Anthropic takes them (`^[a-zA-Z0-9_-]+$`); others are rewritten on the way out (anthropic-tool-id.ts). */
const toolId = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
/** A tool name Anthropic takes (`^[a-zA-Z0-9_-]{1,64}$`); another is renamed for it by design (see wireToolName). */
const toolName = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
const cacheControl = fc.constant({ type: 'ephemeral' });
const json = fc.jsonValue({ maxDepth: 2 });
const jsonObject = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), json, { maxKeys: 3 });

function withOptional<T extends Record<string, unknown>>(
  base: fc.Arbitrary<T>,
  optional: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(base, fc.record(optional, { requiredKeys: [] })).map(([b, o]) => ({ ...b, ...o }));
}

const textBlock = withOptional(fc.record({ type: fc.constant('text'), text }), { cache_control: cacheControl, citations: fc.constant(null) });
const imageBlock = withOptional(
  fc.record({
    type: fc.constant('image'),
    source: fc.oneof(
      fc.record({
        type: fc.constant('base64'),
        media_type: fc.constantFrom('image/jpeg', 'image/png', 'image/gif', 'image/webp'),
        data: fc.base64String({ minLength: 4, maxLength: 12 }),
      }),
      fc.record({ type: fc.constant('url'), url: fc.webUrl() }),
      fc.record({ type: fc.constant('file'), file_id: text }),
    ),
  }),
  { cache_control: cacheControl },
);
const documentBlock = withOptional(
  fc.record({
    type: fc.constant('document'),
    source: fc.oneof(
      fc.record({ type: fc.constant('base64'), media_type: fc.constant('application/pdf'), data: fc.base64String({ minLength: 4, maxLength: 12 }) }),
      fc.record({ type: fc.constant('url'), url: fc.webUrl() }),
      fc.record({ type: fc.constant('text'), media_type: fc.constant('text/plain'), data: text }),
      fc.record({ type: fc.constant('file'), file_id: text }),
    ),
  }),
  { title: fc.oneof(text, fc.constant(null)), context: text, citations: fc.record({ enabled: fc.boolean() }), cache_control: cacheControl },
);
const toolResultBlock = withOptional(fc.record({ type: fc.constant('tool_result'), tool_use_id: toolId }), {
  content: fc.oneof(text, fc.array(fc.oneof(textBlock, imageBlock, documentBlock), { maxLength: 3 })),
  is_error: fc.boolean(),
  cache_control: cacheControl,
});
const toolUseBlock = withOptional(fc.record({ type: fc.constant('tool_use'), id: toolId, name: toolName, input: jsonObject }), { cache_control: cacheControl });
// A real signature is never empty (an empty one is bench's mark for reasoning that had none: see parse-anthropic-content).
const thinkingBlock = fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.string({ minLength: 1, maxLength: 12 }) });
const redactedBlock = fc.record({ type: fc.constant('redacted_thinking'), data: text });
const serverToolUse = fc.record({ type: fc.constant('server_tool_use'), id: text, name: fc.constant('web_search'), input: jsonObject });

const userMessage = withOptional(
  fc.record({
    role: fc.constant('user'),
    content: fc.oneof(text, fc.array(fc.oneof(textBlock, imageBlock, documentBlock, toolResultBlock), { maxLength: 4 })),
  }),
  { x_note: text },
);
const assistantMessage = fc.record({
  role: fc.constant('assistant'),
  content: fc.oneof(
    text,
    fc.array(fc.oneof(textBlock, thinkingBlock, redactedBlock, toolUseBlock, serverToolUse, imageBlock, documentBlock), { maxLength: 4 }),
  ),
});
const systemMessage = withOptional(fc.record({ role: fc.constant('system'), content: fc.oneof(text, fc.array(textBlock, { maxLength: 3 })) }), {
  x_note: text,
});

const customTool = withOptional(fc.record({ name: toolName, input_schema: fc.constant({ type: 'object', properties: { a: { type: 'string' } } }) }), {
  description: text,
  strict: fc.boolean(),
  cache_control: cacheControl,
  type: fc.constant('custom'),
  eager_input_streaming: fc.boolean(),
});
const serverTool = fc.record({ type: fc.constant('web_search_20250305'), name: fc.constant('web_search'), max_uses: fc.nat(5) });

const toolChoice = fc.oneof(
  withOptional(fc.record({ type: fc.constantFrom('auto', 'any', 'none') }), { disable_parallel_tool_use: fc.boolean() }),
  withOptional(fc.record({ type: fc.constant('tool'), name: toolName }), { disable_parallel_tool_use: fc.boolean() }),
);
const thinking = fc.oneof(
  withOptional(fc.record({ type: fc.constant('enabled'), budget_tokens: fc.integer({ min: 1024, max: 9000 }) }), {
    display: fc.constantFrom('summarized', 'omitted'),
  }),
  withOptional(fc.record({ type: fc.constant('adaptive') }), { display: fc.constant('summarized') }),
  fc.record({ type: fc.constantFrom('disabled', 'between_tools') }),
);
const outputConfig = fc.record(
  {
    effort: fc.constantFrom('low', 'medium', 'high', 'xhigh', 'max'),
    format: fc.oneof(
      fc.record({ type: fc.constant('json_schema'), schema: fc.constant({ type: 'object' }) }),
      fc.record({ type: fc.constant('json_schema'), schema: fc.constant({ type: 'object' }), name: text }),
    ),
  },
  { requiredKeys: [] },
);
const number = fc.integer({ min: 0, max: 100 }).map((n) => n / 100);

export const anthropicRequestArbitrary: fc.Arbitrary<Record<string, unknown>> = withOptional(
  fc.record({
    model: text,
    max_tokens: fc.integer({ min: 1, max: 64000 }),
    messages: fc.array(fc.oneof({ arbitrary: userMessage, weight: 3 }, { arbitrary: assistantMessage, weight: 3 }, { arbitrary: systemMessage, weight: 1 }), {
      minLength: 1,
      maxLength: 6,
    }),
  }),
  {
    system: fc.oneof(text, fc.array(textBlock, { maxLength: 3 })),
    tools: fc.array(fc.oneof({ arbitrary: customTool, weight: 3 }, { arbitrary: serverTool, weight: 1 }), { maxLength: 4 }),
    tool_choice: toolChoice,
    temperature: number,
    top_p: number,
    top_k: fc.integer({ min: 1, max: 500 }),
    stop_sequences: fc.array(text, { maxLength: 2 }),
    stream: fc.boolean(),
    thinking,
    output_config: outputConfig,
    metadata: fc.record({ user_id: text }),
    context_management: fc.constant({ edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] }),
    service_tier: fc.constantFrom('auto', 'standard_only'),
    cache_control: cacheControl,
  },
).map((body) =>
  dropDanglingToolChoice(
    body,
    (choice) => (choice.type === 'tool' ? choice.name : undefined),
    (tool) => tool.name,
  ),
);
