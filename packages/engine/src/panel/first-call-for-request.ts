import type { CallRecorder } from '@bench/contracts';

/** A panel's recorder for one request: the first call it writes (the first seat to end) stands for the request. */
export function firstCallForRequest(recorder: CallRecorder): CallRecorder {
  let marked = false;
  return {
    recordCall(call) {
      if (marked || call.purpose === 'shadow') return recorder.recordCall(call);
      marked = true;
      // Object.assign, not a spread followed by a key its source lacks (slow to build and to read in Node 20).
      return recorder.recordCall(Object.assign({}, call, { request: true }));
    },
  };
}
