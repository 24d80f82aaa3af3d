import type { NeutralRequest } from '@bench/formats';
import { isPrefilled } from './continuation-request';
import { ClientError } from './errors/client-error';

/** What an upstream says when it will not continue a last assistant message (Anthropic's newer models, thinking on, a server without prefill). */
const SAYS_PREFILL = /prefill|prefix|assistant|last message|final message|must end with|role/i;

/** The upstream's words when a prefilled request got a 400 (or 422) that refuses the prefill; undefined for any other failure. */
export function refusedPrefill(error: unknown, request: NeutralRequest): string | undefined {
  if (!ClientError.isInstance(error) || !isPrefilled(request)) return undefined;
  if (error.status !== 400 && error.status !== 422) return undefined;
  const said = error.message;
  return SAYS_PREFILL.test(said) ? said : undefined;
}
