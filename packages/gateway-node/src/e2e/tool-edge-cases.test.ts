import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startEveryUpstreamGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

/** The tool calls a client parsed, as [name, arguments] pairs, through its SDK (not streamed). */
async function toolCallsSeen(client: Protocol, alias: string): Promise<Array<[string, unknown]>> {
  const schema = { type: 'object', properties: {} };
  switch (client) {
    case 'openai-chat': {
      const reply = await sdks.openai.chat.completions.create({
        model: alias,
        messages: [{ role: 'user', content: 'x' }],
        tools: ['now', 'where'].map((name) => ({ type: 'function' as const, function: { name, parameters: schema } })),
      });
      return (reply.choices[0]!.message.tool_calls ?? []).map((call) =>
        call.type === 'function' ? [call.function.name, JSON.parse(call.function.arguments || '{}')] : ['?', null],
      );
    }
    case 'openai-responses': {
      const reply = await sdks.openai.responses.create({
        model: alias,
        input: 'x',
        tools: ['now', 'where'].map((name) => ({ type: 'function' as const, name, parameters: schema, strict: false })),
      });
      return reply.output.flatMap((item) => (item.type === 'function_call' ? [[item.name, JSON.parse(item.arguments || '{}')] as [string, unknown]] : []));
    }
    case 'anthropic': {
      const reply = await sdks.anthropic.messages.create({
        model: alias,
        max_tokens: 100,
        messages: [{ role: 'user', content: 'x' }],
        tools: ['now', 'where'].map((name) => ({ name, input_schema: schema as never })),
      });
      return reply.content.flatMap((block) => (block.type === 'tool_use' ? [[block.name, block.input] as [string, unknown]] : []));
    }
    case 'gemini': {
      const reply = await sdks.gemini.models.generateContent({
        model: alias,
        contents: 'x',
        config: { tools: [{ functionDeclarations: ['now', 'where'].map((name) => ({ name, parametersJsonSchema: schema })) }] },
      });
      return (reply.functionCalls ?? []).map((call) => [call.name!, call.args ?? {}]);
    }
    case 'ollama': {
      const reply = await sdks.ollama.chat({
        model: alias,
        stream: false,
        messages: [{ role: 'user', content: 'x' }],
        tools: ['now', 'where'].map((name) => ({ type: 'function', function: { name, description: name, parameters: schema as never } })),
      });
      return (reply.message.tool_calls ?? []).map((call) => [call.function.name, call.function.arguments]);
    }
  }
}

const pairs = SDK_PROTOCOLS.flatMap((client) => SDK_PROTOCOLS.map((upstream) => ({ client, upstream })));

describe('tool-call edge cases across protocols', () => {
  it.each(pairs)('$client client, $upstream upstream: two parallel calls, one of them without arguments', async ({ client, upstream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], {
      answer: {
        toolCalls: [
          { id: 'call_a', name: 'now', arguments: '' },
          { id: 'call_b', name: 'where', arguments: '{"precise":true}' },
        ],
      },
    });
    expect(await toolCallsSeen(client, UPSTREAM_ALIAS[upstream])).toEqual([
      ['now', {}],
      ['where', { precise: true }],
    ]);
  });

  it.each(['anthropic', 'gemini', 'ollama'] as const)(
    'a %s client (arguments an object) gets a model’s arguments that are not JSON as {"arguments": <text>}, not an error',
    async (client) => {
      t.upstream.script(UPSTREAM_MODEL['openai-chat'], { answer: { toolCalls: [{ id: 'call_a', name: 'where', arguments: '{"city": nope' }] } });
      expect(await toolCallsSeen(client, UPSTREAM_ALIAS['openai-chat'])).toEqual([['where', { arguments: '{"city": nope' }]]);
      // Streamed, Anthropic's input_json_delta pieces leave as they come (the SDK then fails on them, as on Anthropic's own);
      // Gemini's and Ollama's calls go whole, so the gateway can write them as an object.
      if (client === 'anthropic') return;
      t.upstream.script(UPSTREAM_MODEL['openai-chat'], { answer: { toolCalls: [{ id: 'call_b', name: 'get_weather', arguments: '{"city": nope' }] } });
      expect(await streamedToolCalls(client, UPSTREAM_ALIAS['openai-chat'])).toEqual([['get_weather', { arguments: '{"city": nope' }]]);
    },
  );

  it.each(SDK_PROTOCOLS)('a streamed Gemini client gets a call without arguments as valid JSON (args {}), from a %s upstream', async (upstream) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { toolCalls: [{ id: 'call_a', name: 'now', arguments: '' }] } });
    const calls: unknown[] = [];
    const stream = await sdks.gemini.models.generateContentStream({
      model: UPSTREAM_ALIAS[upstream],
      contents: 'what time is it?',
      config: { tools: [{ functionDeclarations: [{ name: 'now', parametersJsonSchema: { type: 'object', properties: {} } }] }] },
    });
    for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []).map((call) => [call.name, call.args ?? {}]));
    expect(calls).toEqual([['now', {}]]);
  });
});

/** The tool calls a client parsed from a streamed reply, as [name, arguments] pairs. */
async function streamedToolCalls(client: Protocol, alias: string): Promise<Array<[string, unknown]>> {
  const schema = { type: 'object', properties: { city: { type: 'string' } } };
  switch (client) {
    case 'openai-chat': {
      const stream = await sdks.openai.chat.completions.create({
        model: alias,
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: schema } }],
      });
      const calls = new Map<number, { name: string; args: string }>();
      for await (const chunk of stream) {
        for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
          const call = calls.get(delta.index) ?? { name: '', args: '' };
          call.name += delta.function?.name ?? '';
          call.args += delta.function?.arguments ?? '';
          calls.set(delta.index, call);
        }
      }
      return [...calls.values()].map((call) => [call.name, JSON.parse(call.args)]);
    }
    case 'openai-responses': {
      const stream = sdks.openai.responses.stream({
        model: alias,
        input: 'x',
        tools: [{ type: 'function', name: 'get_weather', parameters: schema, strict: false }],
      });
      const final = await stream.finalResponse();
      return final.output.flatMap((item) => (item.type === 'function_call' ? [[item.name, JSON.parse(item.arguments)] as [string, unknown]] : []));
    }
    case 'anthropic': {
      const final = await sdks.anthropic.messages
        .stream({ model: alias, max_tokens: 100, messages: [{ role: 'user', content: 'x' }], tools: [{ name: 'get_weather', input_schema: schema as never }] })
        .finalMessage();
      return final.content.flatMap((block) => (block.type === 'tool_use' ? [[block.name, block.input] as [string, unknown]] : []));
    }
    case 'gemini': {
      const calls: Array<[string, unknown]> = [];
      const stream = await sdks.gemini.models.generateContentStream({
        model: alias,
        contents: 'x',
        config: { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: schema }] }] },
      });
      for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []).map((call) => [call.name!, call.args ?? {}] as [string, unknown]));
      return calls;
    }
    case 'ollama': {
      const calls: Array<[string, unknown]> = [];
      const stream = await sdks.ollama.chat({
        model: alias,
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 'get_weather', description: 'w', parameters: schema as never } }],
      });
      for await (const part of stream)
        calls.push(...(part.message.tool_calls ?? []).map((call) => [call.function.name, call.function.arguments] as [string, unknown]));
      return calls;
    }
  }
}

describe('streamed tool calls across protocols', () => {
  it.each(pairs)('$client client, $upstream upstream: arguments arriving in pieces are parsed whole', async ({ client, upstream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], {
      answer: { text: 'Let me look.', toolCalls: [{ id: 'call_s', name: 'get_weather', arguments: ['{"ci', 'ty":"Ly', 'on"}'] }] },
    });
    expect(await streamedToolCalls(client, UPSTREAM_ALIAS[upstream])).toEqual([['get_weather', { city: 'Lyon' }]]);
  });
});
