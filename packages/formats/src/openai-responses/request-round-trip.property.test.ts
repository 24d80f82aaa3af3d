import { dropDanglingToolChoice } from '../__fixtures__/drop-dangling-tool-choice';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';
import { plainJSON } from './strip-extra';

/* Arbitraries for valid Responses request bodies, in the shapes clients send. */

const text = fc.string({ maxLength: 12 });
const id = fc.stringMatching(/^[a-z]{2}_[a-z0-9]{1,8}$/);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Drops undefined fields, as JSON would. */
function defined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

const inputText = fc.record({ type: fc.constant('input_text'), text });
const outputText = fc.record({ type: fc.constant('output_text'), text, annotations: fc.constant([]) }, { requiredKeys: ['type', 'text'] });
const refusal = fc.record({ type: fc.constant('refusal'), refusal: text });
const image = fc
  .record({
    type: fc.constant('input_image'),
    image_url: fc.oneof(
      fc.constant('https://img.test/a.png'),
      fc.base64String({ minLength: 4, maxLength: 16 }).map((data) => `data:image/png;base64,${data}`),
    ),
    detail: maybe(fc.constantFrom('low', 'high', 'auto')),
  })
  .map(defined);
const imageByFileId = fc.record({ type: fc.constant('input_image'), file_id: id, detail: fc.constant('auto') });
const fileById = fc.record({ type: fc.constant('input_file'), file_id: id, filename: fc.constant('notes.pdf') });
const fileByData = fc
  .record({
    type: fc.constant('input_file'),
    file_data: fc.base64String({ minLength: 4, maxLength: 16 }).map((data) => `data:application/pdf;base64,${data}`),
    filename: maybe(fc.constantFrom('report.pdf', 'notes.txt')),
    detail: maybe(fc.constantFrom('low', 'high', 'auto')),
  })
  .map(defined);
const fileByUrl = fc
  .record({ type: fc.constant('input_file'), file_url: fc.constant('https://files.test/report.pdf'), filename: maybe(fc.constant('report.pdf')) })
  .map(defined);
const file = fc.oneof(fileById, fileByData, fileByUrl);

const messageItem = (role: string, part: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .record({
      type: maybe(fc.constant('message')),
      id: maybe(id),
      status: maybe(fc.constant('completed')),
      role: fc.constant(role),
      content: fc.oneof(text, fc.array(part, { maxLength: 3 })),
    })
    .map(defined);

const userMessage = messageItem('user', fc.oneof(inputText, image, imageByFileId, file, outputText));
const assistantMessage = messageItem('assistant', fc.oneof(outputText, refusal, inputText, file));
const systemMessage = fc.constantFrom('system', 'developer').chain((role) => messageItem(role, inputText));

const jsonArguments = fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), fc.oneof(fc.integer(), text), { maxKeys: 3 }).map((value) => JSON.stringify(value));
const functionCall = fc
  .record({
    type: fc.constant('function_call'),
    call_id: id,
    name: fc.constantFrom('get_weather', 'exec'),
    namespace: maybe(fc.constantFrom('multi_agent_v1', 'mcp__node_repl')),
    arguments: jsonArguments,
    id: maybe(id),
    status: maybe(fc.constant('completed')),
  })
  .map(defined);
const functionCallOutput = fc
  .record({
    type: fc.constant('function_call_output'),
    call_id: id,
    output: fc.oneof(text, fc.array(fc.oneof(inputText, image, file), { maxLength: 2 })),
    id: maybe(id),
  })
  .map(defined);
const reasoning = fc
  .record({
    type: fc.constant('reasoning'),
    id,
    summary: fc.array(fc.record({ type: fc.constant('summary_text'), text }), { maxLength: 2 }),
    encrypted_content: maybe(fc.base64String({ maxLength: 12 })),
    content: maybe(fc.oneof(fc.constant([]), fc.array(fc.record({ type: fc.constant('reasoning_text'), text }), { minLength: 1, maxLength: 2 }))),
  })
  .map(defined);
const customToolCall = fc
  .record({
    type: fc.constant('custom_tool_call'),
    call_id: id,
    name: fc.constant('apply_patch'),
    namespace: maybe(fc.constant('mcp__node_repl')),
    input: text,
    id: maybe(id),
    status: maybe(fc.constant('completed')),
  })
  .map(defined);
const customToolCallOutput = fc
  .record({
    type: fc.constant('custom_tool_call_output'),
    call_id: id,
    output: fc.oneof(text, fc.array(fc.oneof(inputText, image, file), { maxLength: 2 })),
    id: maybe(id),
  })
  .map(defined);
const unknownItem = fc.record({
  type: fc.constant('web_search_call'),
  id,
  status: fc.constant('completed'),
  action: fc.record({ type: fc.constant('search'), query: text }),
});

const inputItem = fc.oneof(
  userMessage,
  assistantMessage,
  systemMessage,
  functionCall,
  functionCallOutput,
  customToolCall,
  customToolCallOutput,
  reasoning,
  unknownItem,
);

const functionTool = fc
  .record({
    type: fc.constant('function'),
    name: fc.stringMatching(/^[a-z_]{1,10}$/),
    description: maybe(text),
    parameters: maybe(fc.constant({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })),
    strict: maybe(fc.boolean()),
  })
  .map(defined);
const namespaceTool = fc
  .record({
    type: fc.constant('namespace'),
    name: fc.stringMatching(/^[a-z_]{1,10}$/),
    description: maybe(text),
    tools: fc.array(fc.oneof(functionTool, fc.constant({ type: 'custom', name: 'exec', format: { type: 'text' } })), { minLength: 1, maxLength: 3 }),
  })
  .map(defined);
const otherTool = fc.constantFrom<Record<string, unknown>>(
  { type: 'web_search', external_web_access: false },
  { type: 'namespace', name: 'multi_agent', description: 'agents', tools: [] },
  { type: 'custom', name: 'apply_patch', format: { type: 'grammar', syntax: 'lark', definition: 'start: x' } },
  { type: 'custom', name: 'js', description: 'Runs JavaScript.', format: { type: 'text' } },
  { type: 'custom', name: 'notes', defer_loading: true },
  { type: 'local_shell' },
);

const textFormat = fc.oneof(
  fc.constant({ type: 'text' }),
  fc.constant({ type: 'json_object' }),
  fc
    .record({
      type: fc.constant('json_schema'),
      name: fc.constant('answer'),
      schema: fc.constant({ type: 'object' }),
      description: maybe(text),
      strict: maybe(fc.boolean()),
    })
    .map(defined),
);

const body = fc
  .record({
    model: fc.stringMatching(/^[a-z0-9.-]{1,12}$/),
    instructions: maybe(fc.oneof(text, fc.constant(null))),
    input: fc.oneof(
      text.filter((input) => input.trim() !== ''),
      fc.array(inputItem, { minLength: 1, maxLength: 8 }),
    ),
    // Namespace names are unique in a request (two of one name would be read as one namespace).
    tools: maybe(fc.array(fc.oneof(functionTool, otherTool, namespaceTool), { maxLength: 4 }).filter(uniqueNamespaces)),
    tool_choice: maybe(
      fc.oneof(
        fc.constantFrom('auto', 'none', 'required'),
        fc.constant({ type: 'function', name: 'get_weather' }),
        fc.constant({ type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'x' }] }),
        fc.constant({ type: 'web_search' }),
      ),
    ),
    parallel_tool_calls: maybe(fc.boolean()),
    text: maybe(fc.record({ format: maybe(textFormat), verbosity: maybe(fc.constantFrom('low', 'medium', 'high')) }).map(defined)),
    max_output_tokens: maybe(fc.oneof(fc.nat(100_000), fc.constant(null))),
    temperature: maybe(fc.double({ min: 0, max: 2, noNaN: true })),
    top_p: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    reasoning: maybe(
      fc
        .record({ effort: maybe(fc.constantFrom('none', 'low', 'medium', 'high', 'xhigh')), summary: maybe(fc.constantFrom('auto', 'concise', 'detailed')) })
        .map(defined),
    ),
    prompt_cache_key: maybe(text),
    stream: maybe(fc.boolean()),
    store: maybe(fc.boolean()),
    include: maybe(fc.constant(['reasoning.encrypted_content'])),
    metadata: maybe(fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), text, { maxKeys: 2 })),
    previous_response_id: maybe(id),
  })
  .map(defined)
  .map((wire) =>
    dropDanglingToolChoice(
      wire as Record<string, unknown>,
      (choice) => (choice.type === 'function' ? choice.name : undefined),
      (tool) => tool.name,
    ),
  );

function uniqueNamespaces(tools: Array<Record<string, unknown>>): boolean {
  const names = tools.filter((tool) => tool.type === 'namespace').map((tool) => tool.name);
  return new Set(names).size === names.length;
}

describe('request round trip (property)', () => {
  it('parse then format a valid Responses request gives back deep-equal JSON, without warnings', () => {
    fc.assert(
      fc.property(body, (wire) => {
        const formatted = openaiResponsesCodec.formatRequest(openaiResponsesCodec.parseRequest(wire));
        expect(formatted.warnings).toEqual([]);
        expect(plainJSON(formatted.body)).toStrictEqual(plainJSON(wire));
      }),
      { numRuns: 500 },
    );
  });

  it('never leaves undefined in a parsed message', () => {
    fc.assert(
      fc.property(body, (wire) => {
        const request = openaiResponsesCodec.parseRequest(wire);
        for (const message of request.messages) {
          expect(message.content.every((part) => part !== undefined && typeof part.type === 'string')).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
