import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Codec, NeutralRequest, StreamEvent } from '@bench/formats';
import type { AnswerPlan } from './answer-pieces';
import type { Behaviour } from './behaviour';
import { sleep } from './sleep';

export interface StreamReplyContext {
  codec: Codec;
  plan: AnswerPlan;
  behaviour: Behaviour;
  request: NeutralRequest | undefined;
  id: string;
  model: string;
  /** Aborts when the connection closes. */
  signal: AbortSignal;
  /** Called right before the upstream cuts the connection itself. */
  onCut: () => void;
}

const DONE = 'data: [DONE]\n\n';

/** A line no decoder can parse, in the stream's own framing. */
function malformedEvent(codec: Codec): string {
  return codec.streamContentType.includes('ndjson') ? '{"malformed": \n' : 'data: {"malformed": \n\n';
}

/** Streams a scripted answer through the codec's encoder, with the behaviour's delays and faults. */
export async function writeStreamReply(res: ServerResponse, ctx: StreamReplyContext): Promise<void> {
  const { codec, plan, behaviour, signal } = ctx;
  const encoder = codec.createStreamEncoder({ ...(ctx.request ? { request: ctx.request } : {}), id: ctx.id, model: ctx.model });
  let flushed: Promise<void> = Promise.resolve();
  const send = async (wire: string): Promise<void> => {
    const text = behaviour.omitDone ? wire.replaceAll(DONE, '') : wire;
    if (!text) return;
    const written = new Promise<void>((resolve) => res.write(text, () => resolve()));
    flushed = written;
    if (res.writableNeedDrain && !signal.aborted) await once(res, 'drain', { signal }).catch(() => undefined);
  };
  // What was written reaches the caller before the cut: destroy() alone would drop unflushed writes.
  const cut = async (): Promise<void> => {
    await flushed;
    ctx.onCut();
    res.socket?.destroy();
  };
  const encodeAll = async (events: StreamEvent[]): Promise<void> => {
    for (const event of events) await send(encoder.encode(event));
  };

  res.writeHead(200, { 'content-type': codec.streamContentType, 'cache-control': 'no-cache' });
  res.flushHeaders();
  await encodeAll([{ type: 'start', id: ctx.id, model: ctx.model, created: Math.floor(Date.now() / 1000) }]);
  if (behaviour.cutAfterPieces === 0) return cut();
  if (!(await sleep(behaviour.firstPieceDelayMs ?? 0, signal))) return;

  for (const [index, piece] of plan.pieces.entries()) {
    if (index > 0 && !(await sleep(behaviour.pieceDelayMs ?? 0, signal))) return;
    if (behaviour.stall?.afterPieces === index && !(await sleep(behaviour.stall.ms, signal))) return;
    if (behaviour.malformedAfterPieces === index) await send(malformedEvent(codec));
    await encodeAll(piece);
    if (behaviour.cutAfterPieces === index + 1) return cut();
    if (behaviour.endAfterPieces === index + 1) {
      res.end();
      return;
    }
    if (behaviour.errorAfterPieces === index + 1) {
      await encodeAll([{ type: 'error', error: behaviour.streamError ?? { kind: 'overloaded', message: 'Overloaded' } }]);
      await send(encoder.end());
      res.end();
      return;
    }
    if (signal.aborted) return;
  }
  if (behaviour.stall?.afterPieces === plan.pieces.length && !(await sleep(behaviour.stall.ms, signal))) return;
  if (behaviour.malformedAfterPieces === plan.pieces.length) await send(malformedEvent(codec));
  const stop = plan.stopSequence === undefined ? {} : { stopSequence: plan.stopSequence };
  await encodeAll([{ type: 'finish', reason: plan.finish, ...stop, usage: plan.usage }]);
  await send(encoder.end());
  res.end();
}
