import { openaiChatCodec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';

// A Gemini member on Google's OpenAI-compatible endpoint signed its call; the conversation then goes to that member
// again, or (after a failover) to another OpenAI Chat server.
const request: NeutralRequest = {
  model: 'bench/agents',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'weather?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: '', signature: 'SIG-A', signatureFrom: 'openai-chat' },
        { type: 'tool-call', id: 'function-call-1', name: 'weather', arguments: '{}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'function-call-1', content: [{ type: 'text', text: 'sunny' }] }] },
  ],
  stream: false,
  extra: {},
};
const target = (baseURL: string): ModelTarget => ({ alias: 'member', api: 'openai-chat', baseURL, model: 'gemini-3-pro-preview' });
const sentCall = (baseURL: string) => {
  const built = buildUpstreamRequest(openaiChatCodec, target(baseURL), request);
  const body = JSON.parse(built.body) as { messages: Array<{ tool_calls?: Array<Record<string, unknown>> }> };
  return { call: body.messages[1]?.tool_calls?.[0], warnings: built.warnings };
};

describe("Google's thought signatures toward OpenAI Chat upstreams", () => {
  it.each([
    'https://generativelanguage.googleapis.com/v1beta/openai',
    'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/endpoints/openapi',
  ])('go to %s on the call they signed', (baseURL) => {
    const { call, warnings } = sentCall(baseURL);
    expect(call?.extra_content).toEqual({ google: { thought_signature: 'SIG-A' } });
    expect(warnings).toEqual([]);
  });

  it.each(['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'http://127.0.0.1:8000/v1', 'https://googleapis.com.example.org/v1'])(
    'are left out for %s, with a warning',
    (baseURL) => {
      const { call, warnings } = sentCall(baseURL);
      expect(call).not.toHaveProperty('extra_content');
      expect(warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'messages', message: expect.stringContaining('left out of 1 place(s)') })]);
    },
  );
});
