import type { CallRecorder } from '@bench/contracts';

/** A panel's recorder for one request: the first call it writes (the first seat to end) stands for the request, marked so in place. */
export function firstCallForRequest(recorder: CallRecorder): CallRecorder {
  let marked = false;
  return {
    recordCall(call) {
      if (marked || call.purpose === 'shadow') return recorder.recordCall(call);
      marked = true;
      // Marked in place: the panel builds each call's record for this one write and keeps none (a copy of its
      // twenty-odd keys was most of what this wrapper cost).
      call.request = true;
      return recorder.recordCall(call);
    },
  };
}
