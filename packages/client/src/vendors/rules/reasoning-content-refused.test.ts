import { openaiChatCodec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// A DeepSeek member thought before it called a tool; the conversation then failed over to another OpenAI Chat member.
const request: NeutralRequest = {
  model: 'bench/agents',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'what is in a.txt?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Read it.' },
        { type: 'tool-call', id: 'call_1', name: 'read', arguments: '{}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: [{ type: 'text', text: 'hello' }] }] },
  ],
  stream: false,
  extra: {},
};
const sent = (baseURL: string, vendor?: ModelTarget['vendor']) => {
  const built = buildUpstreamRequest(openaiChatCodec, { alias: 'm', api: 'openai-chat', baseURL, model: 'gpt-5.4', ...(vendor ? { vendor } : {}) }, request);
  return { assistant: (JSON.parse(built.body) as { messages: Array<Record<string, unknown>> }).messages[1], warnings: built.warnings };
};

describe('reasoning_content toward OpenAI Chat upstreams', () => {
  it.each(['https://api.openai.com/v1', 'https://my-team.openai.azure.com/openai/v1', 'https://api.groq.com/openai/v1', 'https://api.cerebras.ai/v1'])(
    'is left out for %s, which has no such field, with a warning',
    (baseURL) => {
      const { assistant, warnings } = sent(baseURL);
      expect(assistant).not.toHaveProperty('reasoning_content');
      expect(warnings).toContainEqual(
        expect.objectContaining({ code: 'dropped', message: expect.stringContaining('reasoning_content left out of 1 message(s)') }),
      );
    },
  );

  it('goes to other OpenAI-compatible servers, and to OpenAI’s host said to be another vendor', () => {
    expect(sent('http://127.0.0.1:8000/v1').assistant?.reasoning_content).toBe('Read it.');
    expect(sent('https://api.openai.com/v1', 'other').assistant?.reasoning_content).toBe('Read it.');
  });
});
