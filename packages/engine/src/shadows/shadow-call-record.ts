import { callRecordOf, type CallEnding, type CallFiling, type CallResult } from '@bench/client';
import type { CallInput } from '@bench/ledger';
import type { ResolvedModel } from '../config/resolved-config';

export interface ShadowFiling {
  id: string;
  collection: string;
  keyName: string;
  alias: string;
  model: ResolvedModel | undefined;
  /** The turn's conversation. */
  unit: string;
}

/** A shadow call as the ledger keeps it: purpose `shadow`, in the turn's conversation, its tool calls counted (never run). */
export function shadowCallRecord(filing: ShadowFiling, result: CallResult): CallInput {
  const { model } = filing;
  const file: CallFiling = { id: filing.id, purpose: 'shadow', collection: filing.collection, keyName: filing.keyName, alias: filing.alias, unit: filing.unit };
  if (model) file.provider = model.provider;
  if (model?.price) file.price = model.price;
  const ending: CallEnding = {
    status: result.ok ? 'ok' : (result.error?.kind ?? 'error'),
    seconds: result.seconds,
    toolCalls: result.toolCalls.length,
    textChars: result.text.length,
  };
  if (result.error) {
    ending.errorClass = result.error.name;
    ending.errorMessage = result.error.message;
  }
  if (result.usage) ending.usage = result.usage;
  const providerKey = result.providerKey ?? result.attempts.at(-1)?.providerKey;
  if (providerKey !== undefined) ending.providerKey = providerKey;
  if (result.firstPieceSeconds !== undefined) ending.firstPieceSeconds = result.firstPieceSeconds;
  if (result.finishReason) ending.finishReason = result.finishReason;
  if (result.warnings.length) ending.warnings = result.warnings.map((warning) => warning.message);
  return callRecordOf(file, ending);
}
