import { billedTokens, callCost } from './call-cost';
import type { CallInput, CallRecord, Price } from './call-record';
import { callUnit } from './call-unit';
import { DEFAULT_SHAPE } from './model-record';
import { redactImages } from './redact-images';

export type PriceLookup = (alias: string, provider: string | undefined) => Price | undefined;

/** Turns a validated call input into the stored record (redaction, cost, unit). Off the request path. */
export function toCallRecord(input: CallInput, time: number, lookup: PriceLookup | undefined): CallRecord {
  const usage = input.usage ?? {};
  const tokens = billedTokens(usage);
  return {
    id: input.id,
    time: input.time ?? time,
    purpose: input.purpose,
    collection: input.collection ?? null,
    keyName: input.keyName ?? null,
    alias: input.alias,
    provider: input.provider ?? null,
    status: input.status,
    errorClass: input.errorClass ?? null,
    errorMessage: input.errorMessage === undefined ? null : redactImages(input.errorMessage),
    inputTokens: tokens.input,
    outputTokens: tokens.output,
    reasoningTokens: usage.reasoningTokens ?? 0,
    cachedTokens: tokens.cacheRead,
    cacheWriteTokens: tokens.cacheWrite,
    cacheWrite1hTokens: tokens.cacheWrite1h,
    cost: callCost(tokens, input.price ?? lookup?.(input.alias, input.provider)),
    seconds: input.seconds ?? null,
    firstPieceSeconds: input.firstPieceSeconds ?? null,
    finishReason: input.finishReason ?? null,
    toolCalls: input.toolCalls ?? 0,
    textChars: input.textChars ?? null,
    warnings: input.warnings ? input.warnings.map(redactImages) : [],
    unit: input.unit ?? callUnit(input.id),
    shape: input.shape ?? DEFAULT_SHAPE,
    ...(input.via !== undefined ? { via: input.via } : {}),
    ...(input.providerKey !== undefined ? { providerKey: input.providerKey } : {}),
    ...(input.request === true ? { request: true } : {}),
  };
}

/** Whether a status counts against the model: everything but `ok` and `aborted` (the caller left). */
export function isFailure(status: string): boolean {
  return status !== 'ok' && status !== 'aborted';
}
