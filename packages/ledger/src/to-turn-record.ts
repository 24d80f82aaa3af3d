import { redactImages } from './redact-images';
import type { TurnInput, TurnRecord } from './turn-record';

/** Turns a validated turn input into the stored record. Off the request path. */
export function toTurnRecord(input: TurnInput, time: number): TurnRecord {
  const usage = input.usage ?? {};
  return {
    conversation: input.conversation,
    turn: input.turn,
    time: input.time ?? time,
    collection: input.collection ?? null,
    call: input.call ?? null,
    alias: input.alias,
    status: input.status,
    seconds: input.seconds ?? null,
    firstTokenSeconds: input.firstTokenSeconds ?? null,
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    reasoningTokens: usage.reasoningTokens ?? 0,
    cachedTokens: usage.cachedInputTokens ?? 0,
    cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    toolCalls: input.toolCalls ?? 0,
    finishReason: input.finishReason ?? null,
    tried: (input.tried ?? []).map((m) => (m.error === undefined ? { alias: m.alias } : { alias: m.alias, error: redactImages(m.error) })),
  };
}
