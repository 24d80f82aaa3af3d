import { AbortedError } from './errors/aborted-error';
import type { RunAbort } from './run-abort';

/** Waits `ms`; rejects with an AbortedError if the run aborts first. */
export function abortableSleep(ms: number, abort: RunAbort, alias: string): Promise<void> {
  const aborted = () => new AbortedError({ alias, message: `${alias}: the caller aborted` });
  if (abort.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const unsubscribe = abort.subscribe(() => {
      clearTimeout(timer);
      reject(aborted());
    });
    const timer = setTimeout(() => {
      unsubscribe();
      resolve();
    }, ms);
  });
}
