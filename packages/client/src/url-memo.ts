/**
 * What was worked out from a URL string, kept for the next call with the same
 * string: a gateway calls the same few upstreams on every request. Bounded
 * (cleared when full), as callers may pass many.
 */
export class UrlMemo<T> {
  private readonly known = new Map<string, T>();

  constructor(private readonly max = 256) {}

  get(url: string, work: (url: string) => T): T {
    const known = this.known.get(url);
    if (known !== undefined) return known;
    const value = work(url);
    if (this.known.size >= this.max) this.known.clear();
    this.known.set(url, value);
    return value;
  }
}
