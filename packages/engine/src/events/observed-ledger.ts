import type { CallInput, Ledger, TurnInput, VerdictInput } from '@bench/ledger';
import type { EngineEvents } from './engine-events';

/** The ledger as the engine writes to it: every call, turn and verdict it takes is also an event. */
export function observedLedger(ledger: Ledger, events: EngineEvents): Ledger {
  return {
    recordCall(call: CallInput) {
      const taken = ledger.recordCall(call);
      if (taken && events.listened) events.emit({ type: 'call', call });
      return taken;
    },
    recordTurn(turn: TurnInput) {
      const taken = ledger.recordTurn(turn);
      if (taken && events.listened) events.emit({ type: 'turn', turn });
      return taken;
    },
    async recordVerdict(input: VerdictInput | Record<string, unknown>) {
      const verdict = await ledger.recordVerdict(input);
      if (events.listened) events.emit({ type: 'verdict', verdict });
      return verdict;
    },
    getCall: (id) => ledger.getCall(id),
    getVerdict: (call) => ledger.getVerdict(call),
    getTurns: (conversation) => ledger.getTurns(conversation),
    turnWithShadows: (call) => ledger.turnWithShadows(call),
    stats: (query) => ledger.stats(query),
    records: (query) => ledger.records(query),
    spend: (query) => ledger.spend(query),
    keyTotals: (query) => ledger.keyTotals(query),
    recordRefusal: (refusal) => ledger.recordRefusal(refusal),
    refusals: (query) => ledger.refusals(query),
    exportCalls: (options) => ledger.exportCalls(options),
    prune: (before) => ledger.prune(before),
    recordTranscript: (transcript) => ledger.recordTranscript(transcript),
    transcripts: (calls) => ledger.transcripts(calls),
    expireTranscripts: (before, batch) => ledger.expireTranscripts(before, batch),
    store: ledger.store,
    keepResponse: (id, body, ttlMs) => ledger.keepResponse(id, body, ttlMs),
    keptResponse: (id, ttlMs) => ledger.keptResponse(id, ttlMs),
    forgetResponse: (id) => ledger.forgetResponse(id),
    calls: (query) => ledger.calls(query),
    callsWithPrefix: (prefix) => ledger.callsWithPrefix(prefix),
    verdicts: (calls) => ledger.verdicts(calls),
    conversations: (query) => ledger.conversations(query),
    series: (query) => ledger.series(query),
    flush: () => ledger.flush(),
    health: () => ledger.health(),
    close: () => ledger.close(),
  };
}
