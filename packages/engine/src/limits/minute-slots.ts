import type { Counter } from './limit-store';
import { keyMinuteSlot } from './limit-specs';

/**
 * This second's `keyMinuteSlot` of each key, made once a second: counting a request and each call's tokens then builds
 * no counter name (a new string is hashed anew by every Map it is looked up in).
 */
export class MinuteSlots {
  readonly #current = new Map<string, { second: number; rpm: Counter; tpm: Counter }>();

  of(keyName: string, name: 'rpm' | 'tpm', now: number): Counter {
    const second = Math.floor(now / 1000);
    let slots = this.#current.get(keyName);
    if (slots?.second !== second) {
      slots = { second, rpm: keyMinuteSlot(keyName, 'rpm', now), tpm: keyMinuteSlot(keyName, 'tpm', now) };
      this.#current.set(keyName, slots);
    }
    return slots[name];
  }
}
