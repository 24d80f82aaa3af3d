/** Waits `ms`, or less if `signal` aborts first (then resolves false). */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0 || signal.aborted) return Promise.resolve(!signal.aborted);
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
