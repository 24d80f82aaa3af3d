import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../__fixtures__/canonical-conversation';
import { formatOllamaGenerateRequest } from './format-ollama-generate-request';
import { ollamaCodec } from './ollama-codec';

const jsonValue = fc.jsonValue({ maxDepth: 2 });
const jsonObject = fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 3 });
const name = fc.stringMatching(/^[a-z_]{1,10}$/);
const image = fc.oneof(
  fc.constant(TINY_PNG_BASE64),
  fc.constant('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD'),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => btoa(String.fromCharCode(...bytes))),
);
const images = fc.array(image, { maxLength: 2 });

const system = fc.record({ role: fc.constant('system'), content: fc.string(), note: fc.string() }, { requiredKeys: ['role'] });
const user = fc.record({ role: fc.constant('user'), content: fc.string(), images, x_meta: jsonValue }, { requiredKeys: ['role'] });
const toolCall = fc.record(
  {
    id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
    type: fc.constant('function'),
    function: fc.record({ name, arguments: jsonObject, index: fc.nat({ max: 5 }) }, { requiredKeys: ['name', 'arguments'] }),
  },
  { requiredKeys: ['function'] },
);
const assistant = fc.record(
  { role: fc.constant('assistant'), content: fc.string(), thinking: fc.string(), images, tool_calls: fc.array(toolCall, { maxLength: 3 }) },
  { requiredKeys: ['role'] },
);
const tool = fc.record(
  { role: fc.constant('tool'), content: fc.string(), tool_name: name, tool_call_id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/), images },
  { requiredKeys: ['role'] },
);

const options = fc.record(
  {
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    top_p: fc.double({ min: 0, max: 1, noNaN: true }),
    top_k: fc.nat({ max: 100 }),
    num_predict: fc.integer({ min: -2, max: 100_000 }),
    stop: fc.array(fc.string(), { maxLength: 2 }),
    seed: fc.integer(),
    num_ctx: fc.nat(),
    repeat_penalty: fc.double({ min: 0, max: 2, noNaN: true }),
  },
  { requiredKeys: [] },
);

const common = {
  model: fc.string({ minLength: 1, maxLength: 20 }),
  format: fc.oneof(fc.constant('json'), jsonObject),
  options,
  stream: fc.boolean(),
  think: fc.oneof(fc.boolean(), fc.constantFrom('low', 'medium', 'high')),
  keep_alive: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
};

const chatBody = fc.record(
  {
    ...common,
    messages: fc.array(fc.oneof(system, user, assistant, tool), { minLength: 1, maxLength: 8 }),
    tools: fc.array(
      fc.record({
        type: fc.constant('function'),
        function: fc.record({ name, description: fc.string(), parameters: jsonObject }, { requiredKeys: ['name'] }),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['model'] },
);

const generateBody = fc.record(
  {
    ...common,
    prompt: fc.string().filter((prompt) => prompt.trim() !== ''),
    system: fc.string(),
    images,
    suffix: fc.string(),
    raw: fc.boolean(),
    template: fc.string(),
    context: fc.array(fc.nat(), { maxLength: 4 }),
  },
  { requiredKeys: ['model'] },
);

/** As it comes off the wire: plain JSON (no -0, no undefined). */
const wire = <T>(value: T): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('Ollama request: parse then format gives back the same JSON', () => {
  it('/api/chat', () => {
    fc.assert(
      fc.property(chatBody.map(wire), (body) => {
        const formatted = ollamaCodec.formatRequest(ollamaCodec.parseRequest(body));
        expect(formatted.body).toEqual(body);
        expect(formatted.warnings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('/api/generate (through formatOllamaGenerateRequest)', () => {
    fc.assert(
      fc.property(generateBody.map(wire), (body) => {
        const formatted = formatOllamaGenerateRequest(ollamaCodec.parseRequest(body, { endpoint: 'generate' }));
        expect(formatted.body).toEqual(body);
        expect(formatted.warnings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never leaves undefined in a parsed message', () => {
    fc.assert(
      fc.property(chatBody.map(wire), (body) => {
        const parsed = ollamaCodec.parseRequest(body);
        expect(JSON.stringify(parsed.messages)).toEqual(JSON.stringify(parsed.messages, (_key, value: unknown) => value ?? null));
      }),
      { numRuns: 100 },
    );
  });
});
