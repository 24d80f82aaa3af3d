import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { SDK_PROTOCOLS } from './sdk-clients';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await startEveryUpstreamGateway();
});
afterAll(() => t.close());

/** A request carrying one PNG and a question, in a client protocol's own wire shape. */
function withImage(client: Protocol, model: string): { path: string; body: Record<string, unknown> } {
  const { path, body } = minimalRequest(client, model, 'what is this?', false);
  switch (client) {
    case 'openai-chat':
      return {
        path,
        body: {
          ...body,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'what is this?' },
                { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
              ],
            },
          ],
        },
      };
    case 'openai-responses':
      return {
        path,
        body: {
          ...body,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: 'what is this?' },
                { type: 'input_image', image_url: `data:image/png;base64,${PIXEL}` },
              ],
            },
          ],
        },
      };
    case 'anthropic':
      return {
        path,
        body: {
          ...body,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'what is this?' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } },
              ],
            },
          ],
        },
      };
    case 'gemini':
      return { path, body: { contents: [{ role: 'user', parts: [{ text: 'what is this?' }, { inlineData: { mimeType: 'image/png', data: PIXEL } }] }] } };
    case 'ollama':
      return { path, body: { ...body, messages: [{ role: 'user', content: 'what is this?', images: [PIXEL] }] } };
  }
}

const pairs = SDK_PROTOCOLS.flatMap((client) => SDK_PROTOCOLS.map((upstream) => ({ client, upstream })));

describe('an image from every client protocol reaches every upstream protocol intact', () => {
  it.each(pairs)('$client client → $upstream upstream', async ({ client, upstream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { text: 'a pixel' } });
    const { path, body } = withImage(client, UPSTREAM_ALIAS[upstream]);
    const result = await postJSON(t.url + path, body);
    expect(result.status, result.text.slice(0, 300)).toBe(200);
    expect(result.text).toContain('a pixel');
    const sent = t.upstream.requestsFor(UPSTREAM_MODEL[upstream]).at(-1)!;
    expect(sent.parseError).toBeUndefined();
    const parts = sent.neutral!.messages.flatMap((message) => [...message.content] as Array<Record<string, any>>);
    expect(parts.find((part) => part.type === 'image')).toMatchObject({ source: { kind: 'base64', mediaType: 'image/png', data: PIXEL } });
    expect(parts.find((part) => part.type === 'text')).toMatchObject({ text: 'what is this?' });
  });
});
