import type { Commit } from '@bench/client';

/**
 * The member whose stream finished the answer: the committed one, or the last that continued it (the live list of
 * the run's continuations, read when the answer ends). Undefined when nothing committed.
 */
export function answeredBy(commit: Commit | undefined): string | undefined {
  if (!commit?.ok) return undefined;
  const { continued } = commit;
  return continued.length > 0 ? continued[continued.length - 1]!.alias : commit.alias;
}
