import { AbortedError } from './errors/aborted-error';

/** Waits `ms`; rejects with an AbortedError if `signal` aborts first. */
export function abortableSleep(ms: number, signal: AbortSignal, alias: string): Promise<void> {
  const aborted = () => new AbortedError({ alias, message: `${alias}: the caller aborted` });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
