import type { Protocol } from '../neutral/protocol';

/**
 * Fields a request carries for its own provider's bookkeeping, which a
 * member of another protocol loses nothing by not getting: whether to store
 * the response and what extras to return with it, metadata for the caller's
 * own records, a stored item's id and status, and Anthropic's prompt-cache
 * marks (other providers cache on their own, or not). Left out without a
 * warning: a Codex turn to an Anthropic member otherwise carried forty of
 * them, in every reply's `bench.warnings` and every ledger record, and hid
 * the losses that matter. (A client's session key, `prompt_cache_key`, is of
 * the same kind: a cache-routing hint only OpenAI reads; the formatters of
 * other protocols leave it out without a warning too.)
 */
const TOP_LEVEL = new Set(['store', 'include', 'client_metadata', 'metadata', 'user', 'safety_identifier', 'prompt_cache_retention']);
const NESTED = new Set(['id', 'status']);

/**
 * Whether `key` of a foreign node's extra at `path` (`''` or `'extra'` for
 * the request itself) goes unsent to a `target` member without a warning.
 * A cache mark does for all but Anthropic, which reads a foreign one and
 * says when it cannot.
 */
export function isInertField(key: string, path: string, target: Protocol): boolean {
  if (path === '' || path === 'extra') return TOP_LEVEL.has(key);
  return NESTED.has(key) || (key === 'cache_control' && target !== 'anthropic');
}
