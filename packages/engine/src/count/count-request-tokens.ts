import { estimateTokens, type NeutralRequest } from '@bench/formats';
import { modelTargetOf } from '../runtime/model-target';
import type { EngineRuntime } from '../runtime/engine-runtime';
import type { Target } from '../names/resolve-target';
import type { CountContext } from './count-context';
import { countingMember } from './counting-member';
import type { TokenCount } from './token-count';
import { tokenizerCount } from './tokenizer-count';

/**
 * A request's input tokens for the member it would go to (the one its conversation is on): that member's own
 * count API where its protocol has one (on the request as it would receive
 * it); else, or when that fails, a real tokenizer for its model family;
 * bench's estimate only when neither can count.
 */
export async function countRequestTokens(runtime: EngineRuntime, target: Target, request: NeutralRequest, context: CountContext): Promise<TokenCount> {
  const alias = await countingMember(runtime, target, request, context);
  const { signal } = context;
  if (alias === undefined) return { tokens: estimateTokens(request), method: 'estimate' };
  const member = modelTargetOf(runtime.config, alias, runtime.env);
  try {
    const counted = await runtime.client.countTokens(member, request, signal ? { signal } : {});
    if (counted !== undefined) return { tokens: counted, method: 'upstream', alias };
  } catch (error) {
    runtime.logger.warn({ alias, err: (error as Error).message }, "the member's own token count failed; counting with a tokenizer or the estimate");
  }
  const tokenized = await tokenizerCount(member.model, request);
  if (tokenized !== undefined) return { tokens: tokenized, method: 'tokenizer', alias };
  return { tokens: estimateTokens(request), method: 'estimate', alias };
}
