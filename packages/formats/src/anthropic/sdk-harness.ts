import Anthropic from '@anthropic-ai/sdk';

/** An Anthropic SDK client whose every request is answered with the given body (test helper). */
export function sdkAnswering(body: string, contentType: string, status = 200): Anthropic {
  return new Anthropic({
    apiKey: 'test-key',
    baseURL: 'http://bench.test',
    maxRetries: 0,
    fetch: async () => new Response(body, { status, headers: { 'content-type': contentType, 'request-id': 'req_test' } }),
  });
}
