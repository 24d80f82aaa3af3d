/**
 * Values in memory, bounded by their total size (least recently used first
 * out: Map keeps insertion order, so a read is delete-and-set) and expiring
 * when idle: a read restarts an entry's expiry. A value larger than the bound
 * is not kept. The caller gives each value's size and the clock.
 */
export class SizedLruCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; expiresAt: number }>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string, now: number, ttlMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) {
      this.total -= entry.bytes;
      return undefined;
    }
    entry.expiresAt = now + ttlMs;
    this.entries.set(key, entry);
    return entry.value;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  set(key: string, value: V, bytes: number, now: number, ttlMs: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes, expiresAt: now + ttlMs });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }
}
