import type { SdkProtocol } from './sdk-clients';

/** A minimal generate request in a protocol's own wire shape: its path and body. */
export function minimalRequest(protocol: SdkProtocol, model: string, text: string, stream: boolean): { path: string; body: Record<string, unknown> } {
  switch (protocol) {
    case 'openai-chat':
      return { path: '/v1/chat/completions', body: { model, stream, messages: [{ role: 'user', content: text }] } };
    case 'openai-responses':
      return { path: '/v1/responses', body: { model, stream, input: text } };
    case 'anthropic':
      return { path: '/v1/messages', body: { model, stream, max_tokens: 256, messages: [{ role: 'user', content: text }] } };
    case 'gemini': {
      const name = model.replace(/^bench\//, '');
      const path = stream ? `/v1beta/models/${name}:streamGenerateContent?alt=sse` : `/v1beta/models/${name}:generateContent`;
      return { path, body: { contents: [{ role: 'user', parts: [{ text }] }] } };
    }
    case 'ollama':
      return { path: '/api/chat', body: { model, stream, messages: [{ role: 'user', content: text }] } };
  }
}

export async function postJSON(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The message of an error body in any protocol's shape, or undefined when the body is not one. */
export function errorMessageOf(protocol: SdkProtocol, body: any): string | undefined {
  switch (protocol) {
    case 'openai-chat':
    case 'openai-responses':
      return typeof body?.error?.message === 'string' && typeof body.error.type === 'string' ? body.error.message : undefined;
    case 'anthropic':
      return body?.type === 'error' && typeof body.error?.type === 'string' ? body.error.message : undefined;
    case 'gemini':
      return typeof body?.error?.code === 'number' && typeof body.error.status === 'string' ? body.error.message : undefined;
    case 'ollama':
      return typeof body?.error === 'string' ? body.error : undefined;
  }
}

/** The error type/status word each protocol uses for an HTTP status (what its SDKs switch on). */
export function errorTypeOf(protocol: SdkProtocol, body: any): string | undefined {
  switch (protocol) {
    case 'openai-chat':
    case 'openai-responses':
      return body?.error?.type;
    case 'anthropic':
      return body?.error?.type;
    case 'gemini':
      return body?.error?.status;
    case 'ollama':
      return undefined;
  }
}
