import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

const { t, sdks } = useTestGateway({
  config: (base) => ({
    ...base,
    models: { ...base.models, hourly: { ...base.models.m4, promptCacheTtl: '1h' } },
    collections: {
      ...base.collections,
      hourly: { members: ['hourly'], reply: 'route' },
      claudes: { members: ['m4'], reply: 'all' },
      oneshot: { members: ['m4'], reply: 'route', sticky: false },
    },
  }),
});

/** Where the last request to the Anthropic member carried cache marks. */
function marksSent(): string[] {
  const body = t().upstream.requestsFor('up-4').at(-1)!.body as Record<string, any>;
  const found: string[] = [];
  (body.system ?? []).forEach((block: any, i: number) => block.cache_control && found.push(`system[${i}]`));
  body.messages.forEach(
    (m: any, i: number) => Array.isArray(m.content) && m.content.forEach((b: any, j: number) => b.cache_control && found.push(`messages[${i}].content[${j}]`)),
  );
  return found;
}

const agentTurn = (model: string) =>
  sdks().openai.chat.completions.create({
    model,
    messages: [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'user', content: 'what is in a.txt?' },
      { role: 'assistant', content: 'Let me look.' },
      { role: 'user', content: 'go on' },
    ],
  });

describe('prompt caching on an Anthropic member, for a client of another protocol', () => {
  it('a route turn is marked where the next turn reads it back: the system prompt and the last message', async () => {
    t().upstream.script('up-4', { answer: { text: 'it says hello' } });
    await agentTurn('bench/mixed');
    expect(marksSent()).toEqual(['system[0]', 'messages[2].content[0]']);
  });

  it('a member set to keep its cache an hour (promptCacheTtl) is marked for an hour', async () => {
    t().upstream.script('up-4', { answer: { text: 'hourly' } });
    await agentTurn('bench/hourly');
    expect(marksSent()).toEqual(['system[0]', 'messages[2].content[0]']);
    const body = t().upstream.requestsFor('up-4').at(-1)!.body as Record<string, any>;
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral', ttl: '1h' });
  });

  it('a panel seat, asked once, and a collection that is not sticky are not marked', async () => {
    t().upstream.script('up-4', { answer: { text: 'once' } });
    await agentTurn('bench/claudes');
    expect(marksSent()).toEqual([]);
    t().upstream.script('up-4', { answer: { text: 'once' } });
    await agentTurn('bench/oneshot');
    expect(marksSent()).toEqual([]);
  });
});
