import type { CallResult } from '@bench/client';
import type { Usage } from '@bench/formats';
import type { PanelCall, PanelCallUsage } from './call-recorder';
import { callStatus } from './call-status';
import type { PanelMember } from './panel-member';

export interface PanelCallContext {
  id: string;
  purpose: 'seat' | 'merger';
  collection: string;
  keyName?: string;
  member: PanelMember;
  /** Warnings of the panel's own (an output budget cut). */
  warnings: readonly string[];
}

/** The ledger record of one seat or merger call. */
export function toPanelCall(context: PanelCallContext, result: CallResult): PanelCall {
  const { member } = context;
  const { status, error, errorClass } = callStatus(result);
  const warnings = [...context.warnings, ...result.warnings.map((w) => (w.path ? `${w.path}: ${w.message}` : w.message))];
  const usage = ledgerUsage(result.usage);
  return {
    id: context.id,
    purpose: context.purpose,
    collection: context.collection,
    ...(context.keyName !== undefined ? { keyName: context.keyName } : {}),
    alias: member.alias,
    ...(member.provider !== undefined ? { provider: member.provider } : {}),
    status,
    ...(errorClass !== undefined ? { errorClass } : {}),
    ...(error !== undefined ? { errorMessage: error } : {}),
    ...(usage ? { usage } : {}),
    ...(member.price ? { price: member.price } : {}),
    seconds: result.seconds,
    ...(result.firstPieceSeconds !== undefined ? { firstPieceSeconds: result.firstPieceSeconds } : {}),
    ...(result.finishReason !== undefined ? { finishReason: result.finishReason } : {}),
    toolCalls: result.toolCalls.length,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function ledgerUsage(usage: Usage | undefined): PanelCallUsage | undefined {
  if (!usage) return undefined;
  const out: PanelCallUsage = {};
  if (usage.inputTokens !== undefined) out.inputTokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) out.outputTokens = usage.outputTokens;
  if (usage.reasoningTokens !== undefined) out.reasoningTokens = usage.reasoningTokens;
  if (usage.cachedInputTokens !== undefined) out.cachedInputTokens = usage.cachedInputTokens;
  if (usage.cacheWriteTokens !== undefined) out.cacheWriteTokens = usage.cacheWriteTokens;
  if (usage.cacheWrite1hTokens !== undefined) out.cacheWrite1hTokens = usage.cacheWrite1hTokens;
  return out;
}
