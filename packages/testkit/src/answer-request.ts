import type { ServerResponse } from 'node:http';
import { estimateTokens, type Codec, type NeutralRequest } from '@bench/formats';
import { answerReply } from './answer-reply';
import { planAnswer } from './answer-pieces';
import { answerPrefill, PREFILL_REFUSAL, prefillOf } from './prefill-answer';
import type { Answer, Behaviour } from './behaviour';
import { hold } from './hold';
import { sleep } from './sleep';
import { writeErrorReply } from './write-error-reply';
import { writeJsonReply } from './write-json-reply';
import { writeStreamReply } from './write-stream-reply';

export interface AnswerContext {
  codec: Codec;
  behaviour: Behaviour;
  /** The answer when the behaviour has none. */
  fallbackAnswer: Answer;
  request: NeutralRequest | undefined;
  model: string;
  stream: boolean;
  id: string;
  signal: AbortSignal;
  onCut: () => void;
}

/** Carries out one behaviour on one response. */
export async function answerRequest(res: ServerResponse, ctx: AnswerContext): Promise<void> {
  const { behaviour, signal } = ctx;
  if (behaviour.reset) {
    ctx.onCut();
    res.socket?.destroy();
    return;
  }
  if (behaviour.hang) return;
  if (behaviour.holdUntil && !(await hold(behaviour.holdUntil, signal))) return;
  if (!(await sleep(behaviour.headersDelayMs ?? 0, signal))) return;
  if (behaviour.error) return writeErrorReply(res, ctx.codec, behaviour.error);
  if (behaviour.prefill === 'refuse' && prefillOf(ctx.request) !== undefined) return writeErrorReply(res, ctx.codec, PREFILL_REFUSAL);

  const answer = answerPrefill(behaviour.answer ?? ctx.fallbackAnswer, behaviour, ctx.request);
  const inputTokens = ctx.request ? estimateTokens(ctx.request) : 0;
  if (ctx.stream) {
    const plan = planAnswer(answer, inputTokens);
    return writeStreamReply(res, { ...ctx, plan });
  }
  if (!(await sleep(behaviour.firstPieceDelayMs ?? 0, signal))) return;
  writeJsonReply(res, ctx.codec, answerReply(answer, { id: ctx.id, model: ctx.model, inputTokens }), ctx.request);
}
