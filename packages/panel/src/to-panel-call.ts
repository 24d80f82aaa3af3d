import { callRecordOf, type CallResult } from '@bench/client';
import type { PanelCall } from './call-recorder';
import { callStatus } from './call-status';
import type { PanelMember } from './panel-member';

export interface PanelCallContext {
  id: string;
  purpose: 'seat' | 'merger';
  collection: string;
  keyName?: string;
  shape?: string | undefined;
  member: PanelMember;
  /** Warnings of the panel's own (an output budget cut). */
  warnings: readonly string[];
}

/** The ledger record of one seat or merger call. */
export function toPanelCall(context: PanelCallContext, result: CallResult): PanelCall {
  const { member } = context;
  const { status, error, errorClass } = callStatus(result);
  // Most calls have none: no arrays built for them (callRecordOf copies a non-empty list).
  const warnings = context.warnings.length === 0 && result.warnings.length === 0 ? NO_WARNINGS : warningsOf(context.warnings, result);
  const record = callRecordOf(
    {
      id: context.id,
      purpose: context.purpose,
      collection: context.collection,
      keyName: context.keyName,
      shape: context.shape,
      alias: member.alias,
      provider: member.provider,
      price: member.price,
    },
    {
      status,
      seconds: result.seconds,
      errorClass,
      errorMessage: error,
      usage: result.usage,
      firstPieceSeconds: result.firstPieceSeconds,
      finishReason: result.finishReason,
      toolCalls: result.toolCalls.length,
      textChars: result.text.length,
      warnings,
      providerKey: result.providerKey ?? result.attempts.at(-1)?.providerKey,
    },
  );
  return record as PanelCall;
}

const NO_WARNINGS: readonly string[] = [];

function warningsOf(own: readonly string[], result: CallResult): string[] {
  return [...own, ...result.warnings.map((w) => (w.path ? `${w.path}: ${w.message}` : w.message))];
}
