/**
 * The series of one metric, each found by its label values: a label set is checked against the metric's label
 * names once, when its series is made, and an update is then a plain number added (prom-client checks and hashes
 * the labels on every `inc` and `observe`).
 */
export class LabelSeries<S extends { labels: Record<string, string> }> {
  readonly #bySet = new Map<string, S>();
  readonly #name: string;
  readonly #labelNames: readonly string[];
  readonly #create: (labels: Record<string, string>) => S;

  constructor(name: string, labelNames: readonly string[], create: (labels: Record<string, string>) => S) {
    this.#name = name;
    this.#labelNames = labelNames;
    this.#create = create;
  }

  /** The series of these labels (made on first use; the same one for the same values, whatever object holds them). */
  of(labels: Record<string, string>): S {
    let id = '';
    for (const name of this.#labelNames) id += `${labels[name]}\u0000`;
    let series = this.#bySet.get(id);
    if (!series) {
      this.#check(labels);
      series = this.#create({ ...labels });
      this.#bySet.set(id, series);
    }
    return series;
  }

  /** Every series, in the order first used (prom-client's order too). */
  all(): IterableIterator<S> {
    return this.#bySet.values();
  }

  clear(): void {
    this.#bySet.clear();
  }

  #check(labels: Record<string, string>): void {
    const given = Object.keys(labels);
    const unknown = given.find((name) => !this.#labelNames.includes(name));
    const missing = this.#labelNames.find((name) => typeof labels[name] !== 'string');
    if (unknown || missing || given.length !== this.#labelNames.length) {
      throw new Error(`${this.#name}: labels must be exactly ${this.#labelNames.join(', ')} (strings), got ${given.join(', ')}`);
    }
  }
}
