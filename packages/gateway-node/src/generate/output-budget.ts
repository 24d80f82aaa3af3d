import type { NeutralRequest, Protocol } from '@bench/formats';
import { GatewayError } from '../errors/gateway-error';

/** Where each protocol carries the output budget, for an error that names it. */
const BUDGET_FIELD: Record<Protocol, string> = {
  'openai-chat': 'max_tokens',
  'openai-responses': 'max_output_tokens',
  anthropic: 'max_tokens',
  gemini: 'generationConfig.maxOutputTokens',
  ollama: 'options.num_predict',
};

/** An output budget of 0 leaves no room for an answer: refused in the caller's own terms rather than sent on. */
export function checkOutputBudget(request: NeutralRequest, protocol: Protocol, body: unknown): void {
  const budget = request.maxOutputTokens;
  if (budget === undefined || budget >= 1) return;
  const completionTokens = protocol === 'openai-chat' && typeof body === 'object' && body !== null && 'max_completion_tokens' in body;
  const field = completionTokens ? 'max_completion_tokens' : BUDGET_FIELD[protocol];
  throw new GatewayError(400, 'invalid-request', `${field}: ${budget} leaves no room for an answer; give at least 1, or leave it out for the model's own limit`, { param: field });
}
