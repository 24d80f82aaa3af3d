import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesCounter, SeriesHistogram } from './series-metrics';

const BUCKETS = [0.01, 0.1, 1, 10];
// Bounds themselves, between them, under the first and over the last.
const VALUES = [0.001, 0.01, 0.05, 0.1, 0.5, 1, 1, 9.99, 10, 11, 250];
const LABELS = [
  { model: 'm1', status: 'ok' },
  { model: 'm2', status: 'server' },
  { model: 'm"3\\', status: 'ok' }, // escaped in the text
];

describe('series metrics', () => {
  it('scrape as the same text as prom-client histograms given the same observations', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const histogram = new Histogram({ name: 'h_seconds', help: 'h', labelNames: ['model', 'status'], buckets: BUCKETS, registers: [theirs] });
    const seriesHistogram = new SeriesHistogram('h_seconds', 'h', ['model', 'status'], BUCKETS, ours);
    LABELS.forEach((labels, i) => {
      const series = seriesHistogram.series(labels);
      for (const value of VALUES.slice(i)) {
        histogram.observe(labels, value);
        seriesHistogram.observe(series, value);
      }
    });
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // As JSON too, but for prom-client's exemplars (these metrics keep none).
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      metrics.map((metric) => ({ ...metric, values: metric.values.map(({ exemplar: _none, ...value }: Record<string, unknown>) => value) }));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
  });

  it('scrape as the same text as prom-client counters, a label set looked up again counting into the same series', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const counter = new Counter({ name: 'c_total', help: 'c', labelNames: ['model', 'status'], registers: [theirs] });
    const seriesCounter = new SeriesCounter('c_total', 'c', ['model', 'status'], ours);
    for (const [i, labels] of LABELS.entries()) {
      counter.inc(labels, i + 0.5);
      seriesCounter.inc(seriesCounter.series(labels), i + 0.5);
      counter.inc(labels);
      seriesCounter.inc(seriesCounter.series({ ...labels }));
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('counts nothing for a value that is not a number, and zeroes on reset', async () => {
    const registry = new Registry();
    const histogram = new SeriesHistogram('h_seconds', 'h', ['model'], BUCKETS, registry);
    const series = histogram.series({ model: 'm1' });
    histogram.observe(series, Number.NaN);
    histogram.observe(series, 0.5);
    expect(series.count).toBe(1);
    expect(series.sum).toBe(0.5);
    registry.resetMetrics();
    expect([series.count, series.sum, [...series.buckets]]).toEqual([0, 0, [0, 0, 0, 0]]);
  });
});
