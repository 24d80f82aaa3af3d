import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ollamaCodec } from './ollama-codec';

/** A request the ollama npm client 0.6.4 sent to a local socket (an agent turn with two tool rounds). */
const captured = JSON.parse(readFileSync(new URL('./__fixtures__/ollama-js-chat-request.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('a captured ollama-js agent request', () => {
  const parsed = ollamaCodec.parseRequest(captured);

  it('parses: tool calls without ids get call_<n>, and each tool result finds its call by name', () => {
    const calls = parsed.messages.flatMap((message) => message.content.filter((part) => part.type === 'tool-call'));
    const results = parsed.messages.flatMap((message) => message.content.filter((part) => part.type === 'tool-result'));
    expect(calls.map((part) => [part.id, part.name, part.arguments])).toEqual([
      ['call_1', 'list_files', '{"path":".","depth":1}'],
      ['call_2', 'read_file', '{"path":"README.md"}'],
    ]);
    expect(results.map((part) => [part.callId, part.name])).toEqual([
      ['call_1', 'list_files'],
      ['call_2', 'read_file'],
    ]);
    expect(parsed).toMatchObject({
      stream: true,
      reasoning: { enabled: true },
      temperature: 0.6,
      topP: 0.95,
      topK: 20,
      maxOutputTokens: 4096,
      extra: { keep_alive: -1, options: { num_ctx: 32768, repeat_penalty: 1.1 } },
    });
    expect(parsed.tools?.map((tool) => tool.name)).toEqual(['list_files', 'read_file']);
  });

  it('formats back to the same JSON', () => {
    const formatted = ollamaCodec.formatRequest(parsed);
    expect(formatted.body).toEqual(captured);
    expect(formatted.warnings).toEqual([]);
  });

  it('sent to Ollama from another protocol, keeps the conversation and warns only about Ollama-only options', () => {
    const formatted = ollamaCodec.formatRequest({ ...parsed, origin: 'openai-chat' });
    expect(formatted.warnings.map((warning) => warning.path)).toEqual(['extra.keep_alive', 'extra.options']);
    const messages = formatted.body.messages as Array<Record<string, unknown>>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(messages[3]).toEqual({ role: 'tool', content: 'README.md\nsrc/', tool_name: 'list_files', tool_call_id: 'call_1' });
  });
});
