import { estimateTokens, type FinishReason, type NeutralRequest, type Usage } from '@bench/formats';
import { callMember, type CallContext } from './call-member';
import { callStatus } from './call-status';
import { buildMergeRequest } from './merge-request';
import type { BenchMerger, BenchSeat, SkippedMember } from './panel-bench';
import type { PanelMember } from './panel-member';
import { visualNeedsOf, whyCannotRead } from './why-cannot-read';

export interface MergeOutcome {
  /** Absent when no merger's window fits (no call was made). */
  merger?: BenchMerger;
  /** Set when the merge failed or was not attempted: say so and give every answer. */
  fallbackNote?: string;
  /** True when some merged text was already streamed before the merger failed. */
  partial: boolean;
  text: string;
  finishReason?: FinishReason;
  usage?: Usage;
  /** Candidates passed over because the merge prompt does not fit them. */
  skipped: SkippedMember[];
}

/**
 * Merges the seats' answers: takes the first candidate whose window fits the
 * merge prompt, streams its text through `onText`, records the call. A merger
 * failure is not thrown: the outcome says to fall back to every answer.
 */
export async function runMerger(
  context: CallContext,
  candidates: readonly PanelMember[],
  request: NeutralRequest,
  answered: readonly BenchSeat[],
  call: string,
  onText: (text: string) => void,
): Promise<MergeOutcome> {
  const mergeRequest = buildMergeRequest(
    request,
    answered.map((s) => s.answer),
  );
  const tokens = estimateTokens(mergeRequest);
  const needs = visualNeedsOf(mergeRequest);
  const skipped: SkippedMember[] = [];
  const merger = candidates.find((candidate) => {
    const why = whyCannotRead(candidate, needs, tokens);
    if (why) skipped.push({ alias: candidate.alias, why: `merger: ${why.replace("request's", "merge prompt's")}` });
    return why === undefined;
  });
  if (!merger) {
    const note = `No merger's context window fits the merge prompt (about ${tokens} tokens), so here is every answer.`;
    return { fallbackNote: note, partial: false, text: '', skipped };
  }

  const started = callMember(context, merger, call, 'merger', mergeRequest);
  let text = '';
  try {
    for await (const event of started.run.events) {
      if (event.type !== 'text-delta') continue;
      text += event.text;
      onText(event.text);
    }
  } catch {
    // The run's result carries the failure.
  }
  const result = started.record(await started.run.result);
  const { status, error } = callStatus(result);
  const bench: BenchMerger = {
    alias: merger.alias,
    call,
    status,
    seconds: result.seconds,
    ...(result.usage ? { usage: result.usage } : {}),
    ...(error !== undefined ? { error } : {}),
  };
  const usage = result.usage ? { usage: result.usage } : {};
  if (status === 'ok') return { merger: bench, partial: false, text, ...usage, skipped, ...(result.finishReason ? { finishReason: result.finishReason } : {}) };
  const note = `The merger ${merger.alias} (call ${call}) failed${text ? ' part way' : ''}: ${error ?? status}. Here is every answer.`;
  return { merger: bench, fallbackNote: note, partial: text !== '', text, ...usage, skipped };
}
