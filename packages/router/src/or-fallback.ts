import { isPromise, type MaybePromise } from './maybe-promise';

/**
 * A store's read, or `fallback()` when it throws or rejects (after
 * `onError`): a plan made without a store's answer (no stickiness, no
 * cooldowns) beats no plan. Stays synchronous for a store that answers at once.
 */
export function orFallback<T>(read: () => MaybePromise<T>, fallback: () => T, onError: (error: unknown) => void): MaybePromise<T> {
  let value: MaybePromise<T>;
  try {
    value = read();
  } catch (error) {
    onError(error);
    return fallback();
  }
  if (!isPromise(value)) return value;
  return value.then(undefined, (error: unknown) => {
    onError(error);
    return fallback();
  });
}
