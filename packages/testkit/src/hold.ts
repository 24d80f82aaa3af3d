/** Waits for `until` to settle, or for `signal` to abort first (then resolves false). */
export function hold(until: Promise<unknown>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    signal.addEventListener('abort', onAbort, { once: true });
    until.then(
      () => done(true),
      () => done(true),
    );
  });
}
