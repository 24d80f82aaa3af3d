import { AbortedError, TimeoutError, type CallResult } from '@bench/client';
import type { CallStatus } from './panel-bench';

/** How a call ended, in the ledger's words, and why when it failed. */
export function callStatus(result: CallResult): { status: CallStatus; error?: string; errorClass?: string } {
  if (result.ok) return { status: 'ok' };
  const error = result.error;
  if (!error) return { status: 'error', error: 'the stream ended without a finish', errorClass: 'IncompleteReply' };
  const status: CallStatus = AbortedError.isInstance(error) ? 'aborted' : TimeoutError.isInstance(error) ? 'timeout' : 'error';
  return { status, error: error.message, errorClass: error.name };
}
