import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryRequest } from './__fixtures__/arbitrary-request';
import { requestSchema } from './openai-chat-api';
import { passesRequestSchema } from './passes-request-schema';

type Path = Array<string | number>;

/** Every place in a JSON value that a mutation can reach: object fields and array items. */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index]);
      pathsOf(item, [...prefix, index], out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      out.push([...prefix, key]);
      pathsOf((value as Record<string, unknown>)[key], [...prefix, key], out);
    }
  }
  return out;
}

/** The value with the place at `path` replaced (or removed, for `undefined`). */
function mutated(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const asJSON = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** What a broken field might hold instead: another JSON value, nothing, or a near miss of a valid one. */
const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
  fc.constantFrom('', 'text', 'function', 'user', 'assistant', 'tool', 'system', 'image_url', 'file', -1, 1.5, 2 ** 53, 0, true, null, [], {}),
);

describe('passesRequestSchema', () => {
  it('passes every valid request zod passes', () => {
    fc.assert(
      fc.property(arbitraryRequest, (generated) => {
        const body = asJSON(generated);
        expect(requestSchema.safeParse(body).success).toBe(true);
        expect(passesRequestSchema(body)).toBe(true);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('agrees with zod on requests with one field broken', () => {
    fc.assert(
      fc.property(arbitraryRequest, fc.nat(), replacement, (generated, pick, value) => {
        const body = asJSON(generated);
        const paths = pathsOf(body);
        const broken = asJSON(mutated(body, paths[pick % paths.length] as Path, value) ?? null);
        expect(passesRequestSchema(broken)).toBe(requestSchema.safeParse(broken).success);
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('never passes what zod refuses, whatever the values (not only JSON)', () => {
    fc.assert(
      fc.property(arbitraryRequest, fc.nat(), fc.anything({ withNullPrototype: true, withMap: true, withBigInt: true }), (generated, pick, value) => {
        const body = asJSON(generated);
        const paths = pathsOf(body);
        const broken = mutated(body, paths[pick % paths.length] as Path, value);
        if (passesRequestSchema(broken)) expect(requestSchema.safeParse(broken).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  // One near miss for every check: each is refused by zod, so must be left to it.
  const base = {
    model: 'm',
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'be brief' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image_url', image_url: { url: 'https://x/cat.png' } },
          { type: 'file', file: { file_id: 'f' } },
        ],
      },
      { role: 'assistant', content: null, reasoning_content: 'r', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'ok' },
    ],
    tools: [{ type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object' }, strict: null } }],
    tool_choice: { type: 'function', function: { name: 'f' } },
    response_format: { type: 'json_schema', json_schema: { name: 'n', schema: {}, strict: true, description: 'd' } },
    max_tokens: 1,
    stop: ['x'],
    stream_options: { include_usage: true },
  };
  const nearMisses: Array<[string, Path, unknown]> = [
    ['an empty model', ['model'], ''],
    ['no model', ['model'], undefined],
    ['messages not an array', ['messages'], {}],
    ['an unknown role', ['messages', 0, 'role'], 'robot'],
    ['a message that is no object', ['messages', 0], 'hi'],
    ['a system part that is not text', ['messages', 0, 'content', 0, 'type'], 'image_url'],
    ['a text part without text', ['messages', 1, 'content', 0, 'text'], undefined],
    ['an unknown user part', ['messages', 1, 'content', 0, 'type'], 'other'],
    ['an empty image URL', ['messages', 1, 'content', 1, 'image_url', 'url'], ''],
    ['an image part without its URL object', ['messages', 1, 'content', 1, 'image_url'], 'https://x/cat.png'],
    ['a file id that is a number', ['messages', 1, 'content', 2, 'file', 'file_id'], 1],
    ['user content a number', ['messages', 1, 'content'], 1],
    ['an image part from the assistant', ['messages', 2, 'content'], [{ type: 'image_url', image_url: { url: 'u' } }]],
    ['reasoning content a number', ['messages', 2, 'reasoning_content'], 1],
    ['tool calls an object', ['messages', 2, 'tool_calls'], {}],
    ['a tool call of another type', ['messages', 2, 'tool_calls', 0, 'type'], 'custom'],
    ['a tool call with an empty name', ['messages', 2, 'tool_calls', 0, 'function', 'name'], ''],
    ['tool call arguments as an object', ['messages', 2, 'tool_calls', 0, 'function', 'arguments'], {}],
    ['a tool call id that is a number', ['messages', 2, 'tool_calls', 0, 'id'], 1],
    ['a tool result without its call id', ['messages', 3, 'tool_call_id'], undefined],
    ['tools an object', ['tools'], {}],
    ['a tool with an empty name', ['tools', 0, 'function', 'name'], ''],
    ['tool parameters an array', ['tools', 0, 'function', 'parameters'], []],
    ['tool strict a string', ['tools', 0, 'function', 'strict'], 'yes'],
    ['a tool description that is a number', ['tools', 0, 'function', 'description'], 1],
    ['a tool choice word unknown', ['tool_choice'], 'any'],
    ['a tool choice without its name', ['tool_choice', 'function', 'name'], undefined],
    ['an unknown response format', ['response_format', 'type'], 'yaml'],
    ['a json schema without its name', ['response_format', 'json_schema', 'name'], undefined],
    ['a json schema that is an array', ['response_format', 'json_schema', 'schema'], []],
    ['a negative max_tokens', ['max_tokens'], -1],
    ['a fractional max_tokens', ['max_tokens'], 1.5],
    ['an unsafe max_completion_tokens', ['max_completion_tokens'], 2 ** 53],
    ['a temperature as text', ['temperature'], '1'],
    ['a stop list with a number', ['stop', 0], 1],
    ['a fractional seed', ['seed'], 0.5],
    ['stream as text', ['stream'], 'true'],
    ['include_usage as text', ['stream_options', 'include_usage'], 'yes'],
    ['an unknown reasoning effort', ['reasoning_effort'], 'max'],
    ['a prompt cache key that is a number', ['prompt_cache_key'], 1],
    ['parallel_tool_calls as text', ['parallel_tool_calls'], 'no'],
  ];

  it("passes the near misses' valid base", () => {
    expect(requestSchema.safeParse(base).success).toBe(true);
    expect(passesRequestSchema(base)).toBe(true);
  });

  it.each(nearMisses)('leaves to zod %s', (_, path, value) => {
    const broken = mutated(base, path, value);
    expect(requestSchema.safeParse(broken).success).toBe(false);
    expect(passesRequestSchema(broken)).toBe(false);
  });

  it('leaves to zod a parameters object that is no plain record', () => {
    const body = (parameters: unknown) => ({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'f', parameters } }],
    });
    for (const parameters of [new Map(), new (class Schema {})(), { [Symbol('s')]: 1 }, Object.create(null), { type: 'object' }]) {
      if (passesRequestSchema(body(parameters))) expect(requestSchema.safeParse(body(parameters)).success).toBe(true);
    }
    expect(passesRequestSchema(body({ type: 'object' }))).toBe(true);
    expect(passesRequestSchema(body({ [Symbol('s')]: 1 }))).toBe(false);
  });
});
