/** What a store may return: a value at once (in memory) or a promise (over the network). */
export type MaybePromise<T> = T | Promise<T>;

/** Whether to wait: awaiting a plain value would still cost a turn of the microtask queue. */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}
