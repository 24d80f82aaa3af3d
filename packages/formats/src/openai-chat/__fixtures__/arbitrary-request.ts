import { dropDanglingToolChoice } from '../../__fixtures__/drop-dangling-tool-choice';
import fc from 'fast-check';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const text = fc.string({ maxLength: 12 });
const textPart = fc.record({ type: fc.constant('text'), text, cache_control: fc.constant({ type: 'ephemeral' }) }, { requiredKeys: ['type', 'text'] });
const imagePart = fc.record({
  type: fc.constant('image_url'),
  image_url: fc.record(
    {
      url: fc.oneof(
        fc.constant('https://example.com/cat.png'),
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp').map((type) => `data:${type};base64,${PNG}`),
      ),
      detail: fc.constantFrom('auto', 'low', 'high'),
    },
    { requiredKeys: ['url'] },
  ),
});
const audioPart = fc.constant({ type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } });
const filePart = fc.record({
  type: fc.constant('file'),
  file: fc.oneof(
    fc.record(
      {
        file_data: fc.constantFrom('application/pdf', 'text/plain').map((type) => `data:${type};base64,JVBERi0xLjQK`),
        filename: fc.constantFrom('report.pdf', 'notes.txt'),
      },
      { requiredKeys: ['file_data'] },
    ),
    fc.record({ file_id: fc.stringMatching(/^file-[a-zA-Z0-9]{1,8}$/), filename: fc.constant('report.pdf') }, { requiredKeys: ['file_id'] }),
    fc.record({ file_data: fc.constant('JVBERi0xLjQK'), filename: fc.constant('raw.pdf') }),
  ),
});
const refusalPart = fc.record({ type: fc.constant('refusal'), refusal: text });
const name = fc.constantFrom('alice', 'ops');

const system = fc.record(
  { role: fc.constantFrom('system', 'developer'), content: fc.oneof(text, fc.array(textPart, { maxLength: 3 })), name },
  { requiredKeys: ['role', 'content'] },
);
const user = fc.record(
  { role: fc.constant('user'), content: fc.oneof(text, fc.array(fc.oneof(textPart, imagePart, audioPart, filePart), { maxLength: 4 })), name },
  { requiredKeys: ['role', 'content'] },
);
const toolCall = fc.record(
  {
    id: fc.stringMatching(/^call_[a-zA-Z0-9]{1,8}$/),
    type: fc.constant('function'),
    function: fc.record({ name: fc.stringMatching(/^[a-z_]{1,10}$/), arguments: fc.json({ maxDepth: 2 }) }),
  },
  { requiredKeys: ['type', 'function'] },
);
const assistant = fc.record(
  {
    role: fc.constant('assistant'),
    content: fc.oneof(text, fc.constant(null), fc.array(fc.oneof(textPart, refusalPart, filePart), { maxLength: 3 })),
    reasoning_content: fc.oneof(text, fc.constant(null)),
    tool_calls: fc.array(toolCall, { maxLength: 3 }),
    refusal: fc.constant(null),
    name,
  },
  { requiredKeys: ['role'] },
);
const tool = fc.record({
  role: fc.constant('tool'),
  tool_call_id: fc.stringMatching(/^call_[a-zA-Z0-9]{1,8}$/),
  content: fc.oneof(text, fc.array(textPart, { maxLength: 2 })),
});

const schema = fc.constant({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
const toolDefinition = fc.record({
  type: fc.constant('function'),
  function: fc.record(
    { name: fc.stringMatching(/^[a-z_]{1,10}$/), description: text, parameters: schema, strict: fc.oneof(fc.boolean(), fc.constant(null)) },
    { requiredKeys: ['name'] },
  ),
});
const responseFormat = fc.oneof(
  fc.constant({ type: 'text' }),
  fc.constant({ type: 'json_object' }),
  fc.record({
    type: fc.constant('json_schema'),
    json_schema: fc.record({ name: fc.stringMatching(/^[a-z]{1,8}$/), schema, strict: fc.boolean(), description: text }, { requiredKeys: ['name'] }),
  }),
);
const number = fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 2 });

/** Valid Chat Completions request bodies, with the shapes clients really vary on. */
export const arbitraryRequest = fc
  .record(
    {
      model: fc.stringMatching(/^[a-z0-9.-]{1,12}$/),
      messages: fc.array(fc.oneof(system, user, assistant, tool), { minLength: 1, maxLength: 8 }),
      tools: fc.array(toolDefinition, { maxLength: 2 }),
      tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.constant({ type: 'function', function: { name: 'f' } })),
      parallel_tool_calls: fc.boolean(),
      response_format: responseFormat,
      max_tokens: fc.nat(),
      max_completion_tokens: fc.nat(),
      temperature: number,
      top_p: number,
      stop: fc.oneof(text, fc.array(text, { maxLength: 4 })),
      seed: fc.integer(),
      stream: fc.boolean(),
      stream_options: fc.record({ include_usage: fc.boolean(), include_obfuscation: fc.boolean() }, { requiredKeys: [] }),
      reasoning_effort: fc.constantFrom('none', 'minimal', 'low', 'medium', 'high', 'xhigh'),
      prompt_cache_key: text,
      n: fc.constant(1),
      user: text,
      metadata: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), text, { maxKeys: 2 }),
      logprobs: fc.constant(null),
      frequency_penalty: fc.oneof(number, fc.constant(null)),
    },
    { requiredKeys: ['model', 'messages'] },
  )
  .map((body) =>
    dropDanglingToolChoice(
      body,
      (choice) => (choice.function as { name?: unknown } | undefined)?.name,
      (tool) => (tool.function as { name?: unknown } | undefined)?.name,
    ),
  );
