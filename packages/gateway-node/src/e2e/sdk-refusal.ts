import { ask, sdksFor, type SdkProtocol } from './sdk-clients';

/** A refusal as an official SDK surfaced it: the status its error carries, the Retry-After the gateway sent, and the SDK's message. */
export interface SdkRefusal {
  status: number | undefined;
  retryAfter: string | null;
  message: string;
}

/** Asks through a protocol's official SDK, expecting an error; throws when the SDK got an answer instead. */
export async function refusalThroughSdk(url: string, key: string, protocol: SdkProtocol, model: string, stream: boolean): Promise<SdkRefusal> {
  const sdks = sdksFor(url, key);
  // @google/genai takes no fetch option and keeps no headers on its errors: the global fetch is watched for its call.
  const original = globalThis.fetch;
  let geminiHeaders: Headers | undefined;
  if (protocol === 'gemini') {
    globalThis.fetch = async (input, init) => {
      const response = await original(input, init);
      geminiHeaders = response.headers;
      return response;
    };
  }
  try {
    await ask(sdks, protocol, model, 'over the limit?', stream);
  } catch (error) {
    const thrown = error as { status?: number; status_code?: number; message: string; error?: any };
    const headers = protocol === 'gemini' ? geminiHeaders : sdks.lastHeaders();
    return { status: thrown.status ?? thrown.status_code, retryAfter: headers?.get('retry-after') ?? null, message: sdkMessage(protocol, thrown) };
  } finally {
    globalThis.fetch = original;
  }
  throw new Error(`${protocol}: the SDK got an answer, not a refusal`);
}

/** The gateway's message as each SDK hands it on: Ollama's `error`, Anthropic's parsed body, Gemini's body as the message's text. */
function sdkMessage(protocol: SdkProtocol, thrown: { message: string; error?: any }): string {
  if (protocol === 'ollama') return thrown.error as string;
  if (protocol === 'anthropic') return thrown.error?.error?.message as string;
  if (protocol === 'gemini') return (JSON.parse(thrown.message) as { error: { message: string } }).error.message;
  return thrown.message;
}
