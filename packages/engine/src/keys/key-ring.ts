import { createHash, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../names/permissions';

export interface KeyEntry {
  name: string;
  secret: string;
  collections?: readonly string[];
  /** Opens the admin surfaces (dashboard, metrics). */
  admin?: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The configured keys. Lookup hashes the presented key and compares it with
 * every configured one in constant time, so neither the match nor its position
 * shows in the timing.
 */
export class KeyRing {
  private readonly entries: Array<{ digest: Buffer; caller: Caller }>;

  constructor(keys: readonly KeyEntry[]) {
    this.entries = keys.map((key) => ({
      digest: digest(key.secret),
      caller: { keyName: key.name, ...(key.collections ? { allowed: key.collections } : {}), ...(key.admin ? { admin: true } : {}) },
    }));
  }

  get enabled(): boolean {
    return this.entries.length > 0;
  }

  /** The caller of the key with this name (a session's, found again), or undefined when there is none. */
  named(keyName: string): Caller | undefined {
    return this.entries.find((entry) => entry.caller.keyName === keyName)?.caller;
  }

  find(presented: string): Caller | undefined {
    const presentedDigest = digest(presented);
    let found: Caller | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, presentedDigest) && !found) found = entry.caller;
    }
    return found;
  }
}
