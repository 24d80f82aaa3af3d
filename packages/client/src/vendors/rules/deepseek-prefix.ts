import type { NeutralRequest, Warning } from '@bench/formats';
import { isPrefilled } from '../../continuation-request';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * DeepSeek continues a last assistant message only when it says `prefix: true`
 * (its Chat Prefix Completion, on its `/beta` base URL); elsewhere the base URL
 * refuses it with a 400, and the continuation is asked again without a prefill.
 */
export function markDeepSeekPrefix(target: ModelTarget, _vendor: Vendor, body: Record<string, unknown>, _warnings: Warning[], upstream: NeutralRequest): void {
  if (target.api !== 'openai-chat' || !isPrefilled(upstream)) return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  const last: unknown = messages[messages.length - 1];
  if (typeof last === 'object' && last !== null && (last as { role?: unknown }).role === 'assistant') (last as Record<string, unknown>).prefix = true;
}
