import type { CallRecord } from '../call-record';

/** The panels (units) these calls are seats or mergers of, each once, in order: whose panel_members rows they may add. */
export function panelsOf(calls: Iterable<CallRecord>): string[] {
  const units = new Set<string>();
  for (const call of calls) if (call.purpose === 'seat' || call.purpose === 'merger') units.add(call.unit);
  return [...units].sort();
}
