import type { Protocol } from '@bench/formats';

export interface UpstreamRoute {
  api: Protocol;
  /** The model named in the URL (Gemini). */
  urlModel?: string;
  /** Streamed because of the URL (Gemini `:streamGenerateContent`). */
  urlStream?: boolean;
}

const GEMINI = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** Which protocol an upstream path belongs to (matched on its end, whatever the base path). */
export function matchUpstreamRoute(pathname: string): UpstreamRoute | undefined {
  if (pathname.endsWith('/chat/completions')) return { api: 'openai-chat' };
  if (pathname.endsWith('/responses')) return { api: 'openai-responses' };
  if (pathname.endsWith('/messages')) return { api: 'anthropic' };
  if (pathname.endsWith('/api/chat')) return { api: 'ollama' };
  const gemini = GEMINI.exec(pathname);
  if (gemini?.[1]) {
    return { api: 'gemini', urlModel: decodeURIComponent(gemini[1]), urlStream: gemini[2] === 'streamGenerateContent' };
  }
  return undefined;
}
