import type { Protocol } from '@bench/formats';

export interface UpstreamRoute {
  api: Protocol;
  /** The model named in the URL (Gemini). */
  urlModel?: string;
  /** Streamed because of the URL (Gemini `:streamGenerateContent`). */
  urlStream?: boolean;
  /** A token count (Anthropic's count_tokens, Gemini's countTokens, Responses' input_tokens), not a generate request. */
  count?: true;
}

const GEMINI = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;

/** Which protocol an upstream path belongs to (matched on its end, whatever the base path). */
export function matchUpstreamRoute(pathname: string): UpstreamRoute | undefined {
  if (pathname.endsWith('/chat/completions')) return { api: 'openai-chat' };
  if (pathname.endsWith('/responses/input_tokens')) return { api: 'openai-responses', count: true };
  if (pathname.endsWith('/messages/count_tokens')) return { api: 'anthropic', count: true };
  if (pathname.endsWith('/responses')) return { api: 'openai-responses' };
  if (pathname.endsWith('/messages')) return { api: 'anthropic' };
  if (pathname.endsWith('/api/chat')) return { api: 'ollama' };
  const gemini = GEMINI.exec(pathname);
  if (gemini?.[1]) {
    const urlModel = decodeURIComponent(gemini[1]);
    if (gemini[2] === 'countTokens') return { api: 'gemini', urlModel, count: true };
    return { api: 'gemini', urlModel, urlStream: gemini[2] === 'streamGenerateContent' };
  }
  return undefined;
}
