import { openaiChatCodec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// A conversation that reaches DeepSeek with tool steps whose reasoning it does not have: the first written by
// another member before a failover, the second by DeepSeek itself, its reasoning kept; then a plain answer.
const request: NeutralRequest = {
  model: 'bench/agents',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'weather in Paris and Rome?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: [{ type: 'text', text: 'sunny' }] }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Now Rome.' },
        { type: 'tool-call', id: 'call_2', name: 'weather', arguments: '{"city":"Rome"}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'call_2', content: [{ type: 'text', text: 'rain' }] }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Sunny in Paris, rain in Rome.' }] },
    { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
  ],
  stream: false,
  extra: {},
};
const target = (baseURL: string, more: Partial<ModelTarget> = {}): ModelTarget => ({
  alias: 'deep',
  api: 'openai-chat',
  baseURL,
  model: 'deepseek-v4-pro',
  ...more,
});
const sent = (t: ModelTarget) => {
  const built = buildUpstreamRequest(openaiChatCodec, t, request);
  const body = JSON.parse(built.body) as { messages: Array<Record<string, unknown>> };
  return { assistants: body.messages.filter((message) => message.role === 'assistant'), warnings: built.warnings };
};

describe('reasoning_content toward DeepSeek and Moonshot (thinking mode refuses an assistant message without it)', () => {
  it.each(['https://api.deepseek.com', 'https://api.moonshot.ai/v1', 'https://api.moonshot.cn/v1'])(
    'gives every assistant message without it an empty one at %s, and says how many tool steps lost their reasoning',
    (baseURL) => {
      const { assistants, warnings } = sent(target(baseURL));
      expect(assistants.map((message) => message.reasoning_content)).toEqual(['', 'Now Rome.', '']);
      expect(warnings).toEqual([
        expect.objectContaining({ code: 'dropped', path: 'messages', message: expect.stringContaining('1 tool step(s) reached deep without their reasoning') }),
      ]);
    },
  );

  it.each([
    ['another OpenAI Chat server', target('https://openrouter.ai/api/v1')],
    ['a DeepSeek member said not to reason', target('https://api.deepseek.com/v1', { reasoning: false })],
    ['thinking turned off in the model’s options', target('https://api.deepseek.com', { options: { thinking: { type: 'disabled' } } })],
    ['a lookalike host', target('https://api.deepseek.com.example.org/v1')],
  ])('leaves the messages as they are for %s', (_, t) => {
    const { assistants, warnings } = sent(t);
    expect(assistants.map((message) => message.reasoning_content)).toEqual([undefined, 'Now Rome.', undefined]);
    expect(warnings.filter((warning) => warning.message.includes('reasoning_content'))).toEqual([]);
  });
});
