import type { FakeUpstream } from '@bench/testkit';

/** Test helpers for the limits' tests (not shipped: nothing under src/ imports this but tests). */

/** One OpenAI Chat provider on the fake upstream, and models a and s ($1 and $2 a million tokens) and b (no price). */
export function limitsTestModels(upstream: FakeUpstream) {
  return {
    providers: { chat: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
    models: {
      a: { provider: 'chat', model: 'up-a', price: { input: 1, output: 2 } },
      b: { provider: 'chat', model: 'up-b' },
      s: { provider: 'chat', model: 'up-s', price: { input: 1, output: 2 } },
    },
  };
}
