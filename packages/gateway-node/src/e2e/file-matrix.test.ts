import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;

// The smallest PDF header, base64: what matters is that these bytes arrive unchanged.
const PDF = 'JVBERi0xLjQKJcfsj6IKMSAwIG9iago8PD4+CmVuZG9iagp0cmFpbGVyCjw8Pj4KJSVFT0YK';
const QUESTION = 'what does this say?';

beforeAll(async () => {
  t = await startEveryUpstreamGateway((config) => ({
    ...config,
    collections: { ...config.collections, readers: { members: ['via-ollama', 'm1'], reply: 'route', order: 'listed' } },
  }));
});
afterAll(() => t.close());

/** A request carrying one PDF and a question, in a client protocol's own wire shape (Ollama's has no place for files). */
function withPdf(client: Exclude<Protocol, 'ollama'>, model: string): { path: string; body: Record<string, unknown> } {
  const { path, body } = minimalRequest(client, model, QUESTION, false);
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
                { type: 'text', text: QUESTION },
                { type: 'file', file: { filename: 'report.pdf', file_data: `data:application/pdf;base64,${PDF}` } },
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
                { type: 'input_text', text: QUESTION },
                { type: 'input_file', filename: 'report.pdf', file_data: `data:application/pdf;base64,${PDF}` },
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
                { type: 'text', text: QUESTION },
                { type: 'document', title: 'report.pdf', source: { type: 'base64', media_type: 'application/pdf', data: PDF } },
              ],
            },
          ],
        },
      };
    case 'gemini':
      return { path, body: { contents: [{ role: 'user', parts: [{ text: QUESTION }, { inlineData: { mimeType: 'application/pdf', data: PDF } }] }] } };
  }
}

const FILE_PROTOCOLS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;
const pairs = FILE_PROTOCOLS.flatMap((client) => FILE_PROTOCOLS.map((upstream) => ({ client, upstream })));

describe('a PDF from every client protocol that can send one', () => {
  it.each(pairs)('$client client → $upstream upstream: arrives intact', async ({ client, upstream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { text: 'a report' } });
    const { path, body } = withPdf(client, UPSTREAM_ALIAS[upstream]);
    const result = await postJSON(t.url + path, body);
    expect(result.status, result.text.slice(0, 300)).toBe(200);
    expect(result.text).toContain('a report');
    const sent = t.upstream.requestsFor(UPSTREAM_MODEL[upstream]).at(-1)!;
    expect(sent.parseError).toBeUndefined();
    const parts = sent.neutral!.messages.flatMap((message) => [...message.content] as Array<Record<string, any>>);
    expect(parts.find((part) => part.type === 'file')).toMatchObject({ source: { kind: 'base64', mediaType: 'application/pdf', data: PDF } });
    expect(parts.find((part) => part.type === 'text')).toMatchObject({ text: QUESTION });
  });

  it('an Ollama member, which takes no files, is passed over for a document, vision or not; called by its alias, a 400 says why', async () => {
    t.upstream.script(UPSTREAM_MODEL['openai-chat'], { answer: { text: 'read it' } });
    const before = t.upstream.requestsFor(UPSTREAM_MODEL.ollama).length;
    const routed = await postJSON(t.url + '/v1/messages', withPdf('anthropic', 'bench/readers').body);
    expect(routed.status, routed.text.slice(0, 300)).toBe(200);
    expect(routed.json.bench).toMatchObject({ alias: 'm1' });
    const direct = await postJSON(t.url + '/v1/messages', withPdf('anthropic', UPSTREAM_ALIAS.ollama).body);
    expect(direct.status).toBe(400);
    expect(direct.json.error.message).toContain('cannot be sent documents');
    expect(t.upstream.requestsFor(UPSTREAM_MODEL.ollama).length).toBe(before);
  });
});
