import type { NeutralRequest } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * Claude Code's billing block (`$billingHeader`, see `@bench/formats`) is new
 * on every request. Anthropic's own API knows it for Claude Code's
 * attribution; every other server that speaks Anthropic Messages (DeepSeek,
 * Moonshot, MiniMax, OpenRouter, a local model) reads it as the prompt's first
 * line, so its prefix cache misses on every turn. It goes to Anthropic's own
 * hosts only: Anthropic's `elsewhere` rule (see ../anthropic.ts).
 */
export function leaveOutForeignBillingBlock(target: ModelTarget, _vendor: Vendor, upstream: NeutralRequest): void {
  if (target.api !== 'anthropic' || upstream.extra.$billingHeader === undefined) return;
  const { $billingHeader: _left, ...rest } = upstream.extra;
  upstream.extra = rest;
}
