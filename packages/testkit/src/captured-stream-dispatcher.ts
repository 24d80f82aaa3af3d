/** The parts of an undici dispatch handler the dispatcher calls. */
interface DispatchHandler {
  onRequestStart?(control: unknown, context: unknown): void;
  onResponseStart(control: unknown, status: number, headers: Record<string, string>): void;
  onResponseData(control: unknown, chunk: Buffer): void;
  onResponseEnd(control: unknown, trailers: Record<string, string>): void;
}

/**
 * For benchmarks with no network: an undici dispatcher (`createClient({ dispatcher })`) that answers every request
 * with a 200 `text/event-stream` of `writes`, handed over at once, one buffer per write as an upstream wrote it.
 */
export function capturedStreamDispatcher(writes: readonly Buffer[]) {
  const control = {
    paused: false,
    aborted: false,
    abort() {},
    pause() {
      this.paused = true;
    },
    resume() {
      this.paused = false;
    },
  };
  return {
    dispatch(_options: unknown, handler: DispatchHandler): boolean {
      handler.onRequestStart?.(control, {});
      queueMicrotask(() => {
        handler.onResponseStart(control, 200, { 'content-type': 'text/event-stream' });
        queueMicrotask(() => {
          for (const write of writes) handler.onResponseData(control, write);
          handler.onResponseEnd(control, {});
        });
      });
      return true;
    },
    close: async () => {},
  };
}
