import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { SDK_PROTOCOLS, sseData } from './sdk-clients';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startEveryUpstreamGateway();
});
afterAll(() => t.close());

/** [input, output] tokens as a client protocol reports them, from a JSON reply or a stream's text. */
function usageOf(client: Protocol, text: string, stream: boolean): [number | undefined, number | undefined] {
  if (!stream) {
    const json = JSON.parse(text);
    switch (client) {
      case 'openai-chat':
        return [json.usage?.prompt_tokens, json.usage?.completion_tokens];
      case 'openai-responses':
      case 'anthropic':
        return [json.usage?.input_tokens, json.usage?.output_tokens];
      case 'gemini':
        return [json.usageMetadata?.promptTokenCount, json.usageMetadata?.candidatesTokenCount];
      case 'ollama':
        return [json.prompt_eval_count, json.eval_count];
    }
  }
  if (client === 'ollama') {
    const last = JSON.parse(text.trim().split('\n').at(-1)!);
    return [last.prompt_eval_count, last.eval_count];
  }
  const events = sseData(text) as Array<Record<string, any>>;
  switch (client) {
    case 'openai-chat': {
      const usage = events.find((event) => event.usage)?.usage;
      return [usage?.prompt_tokens, usage?.completion_tokens];
    }
    case 'openai-responses': {
      const usage = events.find((event) => event.type === 'response.completed')?.response?.usage;
      return [usage?.input_tokens, usage?.output_tokens];
    }
    case 'anthropic': {
      // As the Anthropic SDK reads it: message_delta's (cumulative) usage over message_start's.
      const delta = events.filter((event) => event.type === 'message_delta').at(-1)?.usage;
      const start = events.find((event) => event.type === 'message_start')?.message?.usage;
      return [delta?.input_tokens ?? start?.input_tokens, delta?.output_tokens];
    }
    case 'gemini': {
      const usage = events.at(-1)?.usageMetadata;
      return [usage?.promptTokenCount, usage?.candidatesTokenCount];
    }
  }
}

const cases = SDK_PROTOCOLS.flatMap((client) => SDK_PROTOCOLS.flatMap((upstream) => [false, true].map((stream) => ({ client, upstream, stream }))));

describe('token usage from every upstream protocol, reported in every client protocol', () => {
  it.each(cases)('$client client, $upstream upstream, stream $stream', async ({ client, upstream, stream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { text: ['counted ', 'answer'], usage: { inputTokens: 21, outputTokens: 4 } } });
    const { path, body } = minimalRequest(client, UPSTREAM_ALIAS[upstream], 'count', stream);
    const request = client === 'openai-chat' && stream ? { ...body, stream_options: { include_usage: true } } : body;
    const result = await postJSON(t.url + path, request);
    expect(result.status).toBe(200);
    expect(usageOf(client, result.text, stream)).toEqual([21, 4]);
  });
});
