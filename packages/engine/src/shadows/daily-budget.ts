const DAY_MS = 86_400_000;

/** Dollars spent per UTC day against a cap: the sum starts again at each midnight (UTC). */
export class DailyBudget {
  /** Dollars a day, or undefined for no cap; a reloaded config may change it (what was spent today stays). */
  cap: number | undefined;
  readonly #now: () => number;
  #day = -1;
  #spent = 0;

  /** `cap` undefined: no cap, only the sum. */
  constructor(cap: number | undefined, now: () => number) {
    this.cap = cap;
    this.#now = now;
  }

  /** Dollars spent today. */
  get spent(): number {
    this.#roll();
    return this.#spent;
  }

  /** Whether today's spending has reached the cap (a cap of 0 is reached at once). */
  reached(): boolean {
    return this.cap !== undefined && this.spent >= this.cap;
  }

  add(usd: number): void {
    this.#roll();
    this.#spent += usd;
  }

  #roll(): void {
    const day = Math.floor(this.#now() / DAY_MS);
    if (day === this.#day) return;
    this.#day = day;
    this.#spent = 0;
  }
}
