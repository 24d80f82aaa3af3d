import { geminiArrayStream, getCodec, type StreamForm } from '@bench/formats';
import { EngineError } from '@bench/engine';
import type { RequestState } from '../request-state';

/**
 * How this request's stream goes out: its protocol's own form, except Gemini's
 * `:streamGenerateContent` without `?alt=sse`, which Google answers with one
 * JSON array arriving piece by piece (clients that read it that way exist).
 */
export function streamFormOf(state: RequestState): StreamForm {
  const codec = getCodec(state.protocol);
  if (state.protocol !== 'gemini' || !state.route.stream) return codec;
  const alt = state.url.searchParams.get('alt');
  if (alt === 'sse') return codec;
  if (alt === null || alt === 'json') return geminiArrayStream;
  // The value itself is not echoed: error messages reach the access log, which never carries the query string.
  throw new EngineError(
    400,
    'invalid-request',
    'alt: only "sse" (server-sent events) or "json" (a JSON array, the default) is served; use ?alt=sse or leave alt out',
    { param: 'alt' },
  );
}
