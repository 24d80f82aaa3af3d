import type { CallInput, CallPurpose, Price, Usage } from '@bench/contracts';

/** Who a call was for and why: what the ledger files it under. */
export interface CallFiling {
  id: string;
  purpose: CallPurpose;
  collection?: string;
  keyName?: string;
  alias: string;
  provider?: string;
  price?: Price;
  /** The panel or conversation the call belongs to (derived from the id when absent). */
  unit?: string;
  /** The kind of task the prompt is (`general` when absent): records are kept per model and shape. */
  shape?: string;
}

/** How the call ended. */
export interface CallEnding {
  status: string;
  seconds: number;
  /** Epoch milliseconds the call began. */
  startedAt?: number;
  errorClass?: string;
  errorMessage?: string;
  usage?: Usage;
  firstPieceSeconds?: number;
  finishReason?: string;
  toolCalls?: number;
  /** Characters of text the call gave the caller's answer (its part, when another member finished the stream). */
  textChars?: number;
  warnings?: readonly string[];
  /** The environment variable of the provider key the call used, never the key. */
  providerKey?: string;
}

/**
 * The one ledger record of an upstream call, whoever made it (a panel's seat or merger, a route turn's attempt).
 * Fields are set one by one, not spread: this runs for every call.
 */
export function callRecordOf(filing: CallFiling, ending: CallEnding): CallInput {
  const record: CallInput = { id: filing.id, purpose: filing.purpose, alias: filing.alias, status: ending.status, seconds: ending.seconds };
  if (filing.collection !== undefined) record.collection = filing.collection;
  if (filing.keyName !== undefined) record.keyName = filing.keyName;
  if (filing.provider !== undefined) record.provider = filing.provider;
  if (filing.price !== undefined) record.price = filing.price;
  if (filing.unit !== undefined) record.unit = filing.unit;
  if (filing.shape !== undefined) record.shape = filing.shape;
  if (ending.startedAt !== undefined) record.startedAt = ending.startedAt;
  if (ending.errorClass !== undefined) record.errorClass = ending.errorClass;
  if (ending.errorMessage !== undefined) record.errorMessage = ending.errorMessage;
  if (ending.usage !== undefined) record.usage = ending.usage;
  if (ending.firstPieceSeconds !== undefined) record.firstPieceSeconds = ending.firstPieceSeconds;
  if (ending.finishReason !== undefined) record.finishReason = ending.finishReason;
  if (ending.toolCalls !== undefined) record.toolCalls = ending.toolCalls;
  if (ending.textChars !== undefined) record.textChars = ending.textChars;
  if (ending.warnings !== undefined && ending.warnings.length > 0) record.warnings = [...ending.warnings];
  if (ending.providerKey !== undefined) record.providerKey = ending.providerKey;
  return record;
}
