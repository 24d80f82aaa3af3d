import { Counter, type Registry } from 'prom-client';
import { LabelSeries } from './label-series';

export interface CounterSeries {
  labels: Record<string, string>;
  value: number;
}

/** A counter summed in plain numbers per series (`series.value += n`) and handed to prom-client at each scrape. */
export class SummedCounter {
  readonly #series: LabelSeries<CounterSeries>;

  constructor(config: { name: string; help: string; labelNames: readonly string[]; registry: Registry }) {
    const series = new LabelSeries<CounterSeries>(config.name, config.labelNames, (labels) => ({ labels, value: 0 }));
    this.#series = series;
    new Counter({
      name: config.name,
      help: config.help,
      labelNames: config.labelNames,
      registers: [config.registry],
      collect() {
        this.reset();
        for (const each of series.all()) this.inc(each.labels, each.value);
      },
    });
  }

  /** The series of these labels: keep it, and add to its `value`. */
  series(labels: Record<string, string>): CounterSeries {
    return this.#series.of(labels);
  }

  inc(labels: Record<string, string>, value = 1): void {
    this.#series.of(labels).value += value;
  }
}
