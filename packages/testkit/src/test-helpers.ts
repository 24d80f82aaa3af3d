import { getCodec, type Protocol, type StreamEvent } from '@bench/formats';

/** A minimal OpenAI Chat request body. */
export function chatBody(model: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model, messages: [{ role: 'user', content: 'What is 2 + 2?' }], stream: true, ...extra };
}

/** POSTs JSON with plain fetch and returns the status, headers and whole body text. */
export async function post(url: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Decodes a whole stream text with the protocol's own decoder. */
export function decodeAll(api: Protocol, text: string): { events: StreamEvent[]; malformed: readonly string[] } {
  const decoder = getCodec(api).createStreamDecoder();
  const events = [...decoder.push(text), ...decoder.end()];
  return { events, malformed: decoder.malformed };
}
