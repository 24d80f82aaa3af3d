/**
 * Fields a request carries for its own provider's bookkeeping, which a
 * member of another protocol loses nothing by not getting: whether to store
 * the response and what extras to return with it, metadata for the caller's
 * own records, and a stored item's id and status. Left out without a
 * warning: a Codex turn to an Anthropic member otherwise carried forty of
 * them, in every reply's `bench.warnings` and every ledger record, and hid
 * the losses that matter. (A client's session key, `prompt_cache_key`, is of
 * the same kind: a cache-routing hint only OpenAI reads; the formatters of
 * other protocols leave it out without a warning too.)
 */
const TOP_LEVEL = new Set(['store', 'include', 'client_metadata', 'metadata', 'user', 'safety_identifier', 'prompt_cache_retention']);
const NESTED = new Set(['id', 'status']);

/** Whether `key` of a foreign node's extra at `path` (`''` or `'extra'` for the request itself) goes unsent without a warning. */
export function isInertField(key: string, path: string): boolean {
  return path === '' || path === 'extra' ? TOP_LEVEL.has(key) : NESTED.has(key);
}
