import type { ErrorKind, NeutralError } from '../neutral/neutral-error';

const CONTEXT_LENGTH =
  /context[_ ]length|context window|maximum context|prompt is too long|too many (input )?tokens|input is too long|exceeds? the (model'?s )?(maximum|max)/i;
const CONTENT_POLICY = /content[_ ]policy|content[_ ]filter|responsible ai|safety (system|policy)|flagged|moderation/i;

/**
 * Classifies an upstream error from its status and what its body said
 * (the provider's code or type and message), shared by every codec's parseError.
 */
export function classifyError(status: number, said: { message?: string; code?: string; type?: string }): NeutralError {
  const text = [said.code, said.type, said.message].filter(Boolean).join(' ');
  const kind = kindOf(status, text);
  return {
    kind,
    status,
    message: said.message || `upstream answered ${status}`,
    ...(said.code || said.type ? { code: said.code ?? said.type } : {}),
  };
}

function kindOf(status: number, text: string): ErrorKind {
  if (status === 429) return 'rate-limit';
  if (status === 529 || /overloaded/i.test(text)) return 'overloaded';
  if (status === 413) return CONTEXT_LENGTH.test(text) ? 'context-length' : 'request-too-large';
  if (status >= 400 && status < 500) {
    if (CONTEXT_LENGTH.test(text)) return 'context-length';
    if (CONTENT_POLICY.test(text)) return 'content-policy';
    if (status === 401) return 'authentication';
    if (status === 403) return 'permission';
    if (status === 404) return 'not-found';
    if (status === 408) return 'timeout';
    return 'invalid-request';
  }
  if (status === 503) return 'unavailable';
  if (status === 504) return 'timeout';
  return 'upstream';
}
