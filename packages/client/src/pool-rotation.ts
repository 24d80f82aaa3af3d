/** Round-robin per pool: which of its ready keys a call starts with (in this process; replicas each keep their own turn). */
export class PoolRotation {
  readonly #next = new Map<string, number>();

  /** The index, in [0, count), of the ready key the next call of `pool` starts with. */
  take(pool: string, count: number): number {
    const turn = this.#next.get(pool) ?? 0;
    this.#next.set(pool, turn + 1 >= Number.MAX_SAFE_INTEGER ? 0 : turn + 1);
    return turn % count;
  }
}
