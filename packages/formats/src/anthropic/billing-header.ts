/**
 * Claude Code (2.1.36 on) opens `system` with a block of its own,
 * `x-anthropic-billing-header: cc_version=…; cc_entrypoint=…; cch=…;`, whose
 * values change on every request. It is attribution for Anthropic, not part of
 * the prompt: kept aside (`$billingHeader`) so that it goes back unchanged to
 * an Anthropic upstream (`@bench/client` sends it to Anthropic's own API
 * only), and neither reaches other protocols (where it would
 * open every prompt with text that changes each turn, defeating their prompt
 * caches) nor counts as system text (a conversation's fingerprint).
 */
const PREFIX = 'x-anthropic-billing-header:';

export function isBillingHeaderBlock(block: unknown): block is Record<string, unknown> {
  if (typeof block !== 'object' || block === null) return false;
  const { type, text } = block as { type?: unknown; text?: unknown };
  return type === 'text' && typeof text === 'string' && text.startsWith(PREFIX) && !text.includes('\n');
}
