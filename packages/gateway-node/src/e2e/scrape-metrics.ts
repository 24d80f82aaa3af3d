import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** A scrape of `/metrics`, parsed by a Prometheus text-format parser: each series' value by its labels. */
export interface Scrape {
  /** A counter's or gauge's value for the series whose labels include `labels` (summed over the others), 0 when none. */
  value(name: string, labels?: Record<string, string>): number;
  /** A histogram's observation count and sum for the series whose labels include `labels`, summed. */
  histogram(name: string, labels?: Record<string, string>): { count: number; sum: number };
  /** A metric family's type as the scrape declares it (`COUNTER`, `GAUGE`, `HISTOGRAM`). */
  type(name: string): string | undefined;
  /** The label sets of a metric's series. */
  series(name: string): Array<Record<string, string>>;
  names: string[];
  contentType: string | null;
}

export async function scrapeMetrics(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, { headers });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  const declared = new Map(parsePrometheusTextFormat(text).map((each) => [each.name, each.type]));
  // The parser folds every series of a labelled histogram into one; read as untyped, its `_bucket`, `_sum` and
  // `_count` series are families of their own (one per run of lines), each sample with its labels.
  const families = parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'));
  const samples = (name: string) => families.filter((each) => each.name === name).flatMap((each) => each.metrics);
  const matching = (name: string, labels: Record<string, string>) =>
    samples(name).filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value));
  return {
    value: (name, labels = {}) => matching(name, labels).reduce((sum, sample) => sum + Number(sample.value), 0),
    histogram: (name, labels = {}) => {
      const total = (suffix: string) => matching(`${name}_${suffix}`, labels).reduce((sum, sample) => sum + Number(sample.value), 0);
      return { count: total('count'), sum: total('sum') };
    },
    type: (name) => declared.get(name),
    series: (name) => samples(name).map((sample) => sample.labels ?? {}),
    names: [...declared.keys()],
    contentType: response.headers.get('content-type'),
  };
}

/**
 * Scrapes until `check` holds (a turn's calls are counted as the turn is recorded, just after its reply went), or
 * gives the last scrape to the test's assertions after `tries`.
 */
export async function scrapeUntil(url: string, check: (scrape: Scrape) => boolean, headers: Record<string, string> = {}, tries = 100): Promise<Scrape> {
  let scrape = await scrapeMetrics(url, headers);
  for (let tried = 1; tried < tries && !check(scrape); tried += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    scrape = await scrapeMetrics(url, headers);
  }
  return scrape;
}
