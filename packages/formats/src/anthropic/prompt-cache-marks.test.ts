import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../neutral/request';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { anthropicCodec } from './anthropic-codec';

type Wire = Record<string, any>;

const promptCache = { conversation: 'conv-1' };

// An agent's tool step from an OpenAI Chat client (opencode, Cline): system, tools, a call and its result.
const agentStep = (system = true): NeutralRequest =>
  openaiChatCodec.parseRequest({
    model: 'x',
    messages: [
      ...(system ? [{ role: 'system', content: 'You are a coding agent.' }] : []),
      { role: 'user', content: 'what is in a.txt?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a.txt"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'hello' },
    ],
    tools: [{ type: 'function', function: { name: 'read', parameters: { type: 'object' } } }],
  });
const format = (request: NeutralRequest) => anthropicCodec.formatRequest(request).body as Wire;
const marks = (body: Wire): string[] => {
  const found: string[] = [];
  (body.system ?? []).forEach((b: Wire, i: number) => b.cache_control && found.push(`system[${i}]`));
  (body.tools ?? []).forEach((b: Wire, i: number) => b.cache_control && found.push(`tools[${i}]`));
  body.messages.forEach(
    (m: Wire, i: number) =>
      Array.isArray(m.content) && m.content.forEach((b: Wire, j: number) => b.cache_control && found.push(`messages[${i}].content[${j}]`)),
  );
  return found;
};

describe('prompt-cache marks on a conversation translated to Anthropic', () => {
  it('marks the end of the system prompt and of the last message, so the next turn reads both from the cache', () => {
    const body = format({ ...agentStep(), promptCache });
    expect(marks(body)).toEqual(['system[0]', 'messages[2].content[0]']);
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'c1', cache_control: { type: 'ephemeral' } });
  });

  it('marks for an hour when asked (ttl 1h), in the same places', () => {
    const body = format({ ...agentStep(), promptCache: { conversation: 'conv-1', ttl: '1h' } });
    expect(marks(body)).toEqual(['system[0]', 'messages[2].content[0]']);
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(body.messages[2].content[0].cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
  });

  it('marks the tools when there is no system prompt', () => {
    expect(marks(format({ ...agentStep(false), promptCache }))).toEqual(['tools[0]', 'messages[2].content[0]']);
  });

  it('marks nothing unless asked (a panel seat is asked once)', () => {
    expect(marks(format(agentStep()))).toEqual([]);
  });

  it("keeps the marks a client of another protocol set (OpenRouter's cache_control on OpenAI Chat parts) and adds none", () => {
    const marked = openaiChatCodec.parseRequest({
      model: 'x',
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }] },
        { role: 'user', content: [{ type: 'text', text: 'read a.txt', cache_control: { type: 'ephemeral', ttl: '1h' } }] },
        { role: 'assistant', content: 'it says hello' },
        { role: 'user', content: 'thanks' },
      ],
    });
    const formatted = anthropicCodec.formatRequest({ ...marked, promptCache });
    expect(marks(formatted.body as Wire)).toEqual(['system[0]', 'messages[0].content[0]']);
    expect((formatted.body as Wire).messages[0].content[0].cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
    expect(formatted.warnings.filter((w) => w.path?.includes('cache_control'))).toEqual([]);
  });

  it('warns about and leaves out a foreign cache_control Anthropic would refuse', () => {
    const odd = openaiChatCodec.parseRequest({
      model: 'x',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'forever' } }] }],
    });
    const formatted = anthropicCodec.formatRequest(odd);
    expect(marks(formatted.body as Wire)).toEqual([]);
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'messages[0].content[0].cache_control' }));
  });

  it('never marks a thinking block: the block before it carries the mark', () => {
    const request: NeutralRequest = {
      ...agentStep(),
      promptCache,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'sure' },
            { type: 'reasoning', text: 'hmm', signature: 'sig', signatureFrom: 'anthropic' },
          ],
        },
      ],
    };
    const body = format(request);
    expect(body.messages[1].content.map((b: Wire) => b.type)).toEqual(['text', 'thinking']);
    expect(marks(body)).toEqual(['system[0]', 'messages[1].content[0]']);
  });

  it("leaves an Anthropic client's own request as it sent it", () => {
    const body = {
      model: 'claude',
      max_tokens: 10,
      system: [{ type: 'text', text: 'be brief' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    };
    expect(format({ ...anthropicCodec.parseRequest(body), promptCache })).toEqual(body);
  });
});
