import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * OpenAI's API refuses `max_tokens` for its reasoning models (gpt-5, o-series:
 * "use max_completion_tokens instead") and takes `max_completion_tokens` for
 * every model; other OpenAI-compatible servers know `max_tokens`, which the
 * codec writes. For OpenAI's own API (a rule of ../openai.ts) the budget moves
 * to the field it takes.
 */
export function useOpenAITokenField(target: ModelTarget, _vendor: Vendor, body: Record<string, unknown>): void {
  if (target.api !== 'openai-chat' || body.max_tokens === undefined || body.max_completion_tokens !== undefined) return;
  body.max_completion_tokens = body.max_tokens;
  delete body.max_tokens;
}
