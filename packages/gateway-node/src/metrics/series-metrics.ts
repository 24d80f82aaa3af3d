import type { Metric, Registry } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

/** One label set of a `SeriesCounter` or a `SeriesHistogram`, looked up once and kept by the code that counts into it. */
export interface Series {
  readonly labels: Labels;
  sum: number;
  /** Histograms: the observations per bucket (not cumulative), and how many in all. */
  readonly buckets: Float64Array;
  count: number;
}

/**
 * prom-client's `inc` and `observe` check, copy and hash their label object on every call (about a microsecond each,
 * twenty times a panel request). These metrics hand out each label set's series once: counting into one is a few
 * additions. They join a prom-client registry and scrape in its text format, as its own counters and histograms do.
 */
abstract class SeriesMetric {
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    // The registry takes any metric with `name`, `get()` and `reset()`; its type names only prom-client's own classes.
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these labels (one per distinct set of values of `labelNames`). */
  series(labels: Labels): Series {
    let key = '';
    for (const name of this.labelNames) key += `${labels[name] ?? ''}\u0000`;
    let series = this.#series.get(key);
    if (!series) {
      series = { labels: { ...labels }, sum: 0, buckets: new Float64Array(this.bucketCount()), count: 0 };
      this.#series.set(key, series);
    }
    return series;
  }

  reset(): void {
    for (const series of this.#series.values()) {
      series.sum = 0;
      series.count = 0;
      series.buckets.fill(0);
    }
  }

  protected all(): IterableIterator<Series> {
    return this.#series.values();
  }

  protected abstract bucketCount(): number;
}

export class SeriesCounter extends SeriesMetric {
  readonly type = 'counter';

  inc(series: Series, amount = 1): void {
    series.sum += amount;
  }

  async get() {
    const values = [...this.all()].map((series) => ({ labels: series.labels, value: series.sum }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  protected bucketCount(): number {
    return 0;
  }
}

export class SeriesHistogram extends SeriesMetric {
  readonly type = 'histogram';

  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    super(name, help, labelNames, registry);
  }

  /** Counts `value` in the first bucket whose upper bound it does not exceed (none: only in `+Inf`). */
  observe(series: Series, value: number): void {
    if (!Number.isFinite(value)) return;
    const bounds = this.upperBounds;
    let bucket = 0;
    while (bucket < bounds.length && value > bounds[bucket]!) bucket += 1;
    if (bucket < bounds.length) series.buckets[bucket]! += 1;
    series.sum += value;
    series.count += 1;
  }

  /** What a scrape writes: the labels of each bucket's line apart from the series' own, as prom-client's histograms give them. */
  async getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: Labels; value: number; metricName: string }> = [];
    for (const series of this.all()) {
      const shared = series.labels;
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += series.buckets[i]!;
        values.push({ labels: { le }, sharedLabels: shared, value: cumulative, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: shared, value: series.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: shared, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: shared, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** The values with each line's labels whole (`registry.getMetricsAsJSON()`). */
  async get() {
    const scraped = await this.getForPromString();
    const values = scraped.values.map(({ labels, sharedLabels, value, metricName }) => ({ labels: { ...labels, ...sharedLabels }, value, metricName }));
    return { ...scraped, values };
  }

  protected bucketCount(): number {
    return this.upperBounds.length;
  }
}
