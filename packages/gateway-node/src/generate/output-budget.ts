import { EngineError } from '@bench/engine';
import { getCodec, type NeutralRequest, type Protocol } from '@bench/formats';

/** An output budget of 0 leaves no room for an answer: refused in the caller's own terms rather than sent on. */
export function checkOutputBudget(request: NeutralRequest, protocol: Protocol, body: unknown): void {
  const budget = request.maxOutputTokens;
  if (budget === undefined || budget >= 1) return;
  const field = getCodec(protocol).wire.outputBudgetField(body);
  throw new EngineError(
    400,
    'invalid-request',
    `${field}: ${budget} leaves no room for an answer; give at least 1, or leave it out for the model's own limit`,
    { param: field },
  );
}
