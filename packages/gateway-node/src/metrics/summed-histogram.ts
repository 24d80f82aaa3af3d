import type { Metric, Registry } from 'prom-client';
import { LabelSeries } from './label-series';

export interface HistogramSeries {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative), the last for those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
}

/**
 * A histogram summed in plain numbers per series and handed to the registry at each scrape, in the samples
 * prom-client's own `Histogram` gives it (`_bucket` cumulative per `le`, then `+Inf`, `_sum`, `_count`), so that the
 * text is the same to the byte.
 */
export class SummedHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #series: LabelSeries<HistogramSeries>;

  constructor(config: { name: string; help: string; labelNames: readonly string[]; buckets: readonly number[]; registry: Registry }) {
    this.name = config.name;
    this.help = config.help;
    this.#bounds = [...config.buckets].sort((a, b) => a - b);
    const slots = this.#bounds.length + 1;
    this.#series = new LabelSeries(config.name, config.labelNames, (labels) => ({ labels, counts: new Array<number>(slots).fill(0), sum: 0, count: 0 }));
    // The registry reads a metric's name, type, help and `get()` only; it takes it as one of prom-client's own.
    config.registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these labels: keep it, and `observe` into it. */
  series(labels: Record<string, string>): HistogramSeries {
    return this.#series.of(labels);
  }

  observe(series: HistogramSeries, value: number): void {
    if (!Number.isFinite(value)) return; // prom-client throws on these; a call's odd figure must not fail the call
    const bounds = this.#bounds;
    let slot = 0;
    while (slot < bounds.length && value > bounds[slot]!) slot += 1;
    series.counts[slot]! += 1;
    series.sum += value;
    series.count += 1;
  }

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Sample[] }> {
    const values: Sample[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.#series.all()) {
      let cumulative = 0;
      this.#bounds.forEach((le, slot) => {
        cumulative += series.counts[slot]!;
        values.push({ labels: { le }, sharedLabels: series.labels, value: cumulative, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.#series.clear();
  }
}
