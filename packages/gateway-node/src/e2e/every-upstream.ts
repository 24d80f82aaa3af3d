import type { Protocol } from '@bench/formats';
import { startTestGateway, type TestGateway } from './test-gateway';

/** The model alias that reaches each upstream protocol. */
export const UPSTREAM_ALIAS: Record<Protocol, string> = {
  'openai-chat': 'm1',
  'openai-responses': 'via-responses',
  anthropic: 'm4',
  gemini: 'm5',
  ollama: 'via-ollama',
};

/** The testkit model id behind each of those aliases, for scripting and reading its requests. */
export const UPSTREAM_MODEL: Record<Protocol, string> = {
  'openai-chat': 'up-1',
  'openai-responses': 'up-r',
  anthropic: 'up-4',
  gemini: 'up-5',
  ollama: 'up-o',
};

/** The test gateway, plus one model on the Responses and one on the Ollama upstream, so every upstream protocol is callable; `more` adds to its config. */
export function startEveryUpstreamGateway(more: (config: Record<string, any>) => Record<string, any> = (config) => config): Promise<TestGateway> {
  return startTestGateway({
    config: (base) =>
      more({
        ...base,
        models: {
          ...base.models,
          'via-responses': { provider: 'responses', model: 'up-r', tools: true, vision: true },
          'via-ollama': { provider: 'ollama', model: 'up-o', tools: true, vision: true },
        },
      }),
  });
}
