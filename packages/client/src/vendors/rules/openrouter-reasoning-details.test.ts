import { openaiChatCodec, type NeutralRequest, type Warning } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../../build-upstream-request';
import type { ModelTarget } from '../../model-target';
import { leaveOutOpenRouterDetails } from './openrouter-reasoning-details';

// A Claude member through OpenRouter thought and signed (OpenRouter's reasoning_details, kept by @bench/formats as
// an OpenAI Chat signature); the conversation goes to that member again, or (after a failover) to another server.
const details = [{ type: 'reasoning.text', text: 'Read the file.', signature: 'CLAUDE-SIG', format: 'anthropic-claude-v1', index: 0 }];
const request: NeutralRequest = {
  model: 'bench/agents',
  system: [],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'what is in a.txt?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Read the file.', signature: `openrouter:${JSON.stringify(details)}`, signatureFrom: 'openai-chat' },
        { type: 'tool-call', id: 'tool_1', name: 'read', arguments: '{"path":"a.txt"}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'tool_1', content: [{ type: 'text', text: 'hello' }] }] },
  ],
  stream: false,
  extra: {},
};
const sent = (baseURL: string, vendor?: ModelTarget['vendor']) => {
  const target: ModelTarget = { alias: 'member', api: 'openai-chat', baseURL, model: 'anthropic/claude-sonnet-4.5', ...(vendor ? { vendor } : {}) };
  const built = buildUpstreamRequest(openaiChatCodec, target, request);
  const body = JSON.parse(built.body) as { messages: Array<Record<string, unknown>> };
  return { assistant: body.messages[1], warnings: built.warnings };
};

describe("OpenRouter's reasoning_details toward OpenAI Chat upstreams", () => {
  it.each(['https://openrouter.ai/api/v1', 'https://api.minimax.io/v1', 'https://api.minimaxi.com/v1'])(
    'go to %s as they came, without reasoning_content',
    (baseURL) => {
      const { assistant, warnings } = sent(baseURL);
      expect(assistant?.reasoning_details).toEqual(details);
      expect(assistant).not.toHaveProperty('reasoning_content');
      expect(warnings).toEqual([]);
    },
  );

  it.each(['https://api.mistral.ai/v1', 'https://api.deepseek.com', 'http://127.0.0.1:8000/v1', 'https://openrouter.ai.example.org/v1'])(
    'are left out for %s, their text sent as reasoning_content, with a warning',
    (baseURL) => {
      const { assistant, warnings } = sent(baseURL);
      expect(assistant).not.toHaveProperty('reasoning_details');
      expect(assistant?.reasoning_content).toBe('Read the file.');
      expect(warnings).toEqual([
        expect.objectContaining({
          code: 'dropped',
          path: 'messages',
          message: expect.stringMatching(/left out of 1 message\(s\).*the text of 1 went as reasoning_content/),
        }),
      ]);
    },
  );

  it('follow the provider’s vendor where a proxy hides the host', () => {
    expect(sent('https://gateway.ai.cloudflare.com/v1/acct/gw/openrouter', 'openrouter').assistant?.reasoning_details).toEqual(details);
    expect(sent('https://openrouter.ai/api/v1', 'other').assistant).not.toHaveProperty('reasoning_details');
  });

  it('do not claim text went on when the field held none (a caller’s own malformed field)', () => {
    const body = { messages: [{ role: 'assistant', content: 'x', reasoning_details: 'nope' }] };
    const warnings: Warning[] = [];
    leaveOutOpenRouterDetails({ alias: 'member', api: 'openai-chat', baseURL: 'http://127.0.0.1:8000/v1', model: 'x' }, 'other', body, warnings);
    expect(body.messages[0]).toEqual({ role: 'assistant', content: 'x' });
    expect(warnings).toEqual([expect.objectContaining({ message: expect.not.stringContaining('reasoning_content') })]);
  });
});
