import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './raw-requests';
import { useTestGateway } from './test-gateway';

// JSON.parse spends tens of nanoseconds a level on deep nesting: a body of millions of `[` held the event loop for
// seconds before the depth check on the parsed value refused it. A large body's nesting is read off its text first.
const { t } = useTestGateway();
const post = (body: string) => fetch(`${t().url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('a large body nested too deeply', () => {
  it('is refused before it is parsed, saying where, for every protocol’s route', async () => {
    const head = '{"model":"bench/agents","x":';
    for (const path of ['/v1/chat/completions', '/v1/messages', '/v1/responses', '/api/chat', '/v1beta/models/agents:generateContent']) {
      const response = await fetch(`${t().url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${head}${'['.repeat(2_000_000)}`,
      });
      expect(response.status, path).toBe(400);
      const protocol = path.startsWith('/v1/messages')
        ? 'anthropic'
        : path.startsWith('/v1/responses')
          ? 'openai-responses'
          : path.startsWith('/api')
            ? 'ollama'
            : path.startsWith('/v1beta')
              ? 'gemini'
              : 'openai-chat';
      expect(errorMessageOf(protocol, await response.json())).toBe(
        `the request body (at character ${head.length + 127}): nested deeper than 128 levels of objects and arrays, more than the gateway takes; flatten it`,
      );
    }
  });

  it('is told from a large body that only holds brackets in its strings, which is served', async () => {
    t().upstream.script('up-1', { answer: { text: 'read it' } });
    const response = await post(JSON.stringify({ model: 'bench/agents', messages: [{ role: 'user', content: `${'[{'.repeat(150_000)} what is this?` }] }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('read it');
  });
});
