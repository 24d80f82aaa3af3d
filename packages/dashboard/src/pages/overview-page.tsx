import { useMemo, useState } from 'preact/hooks';
import { benchApi } from '../api/bench-api';
import type { LiveRefusal, Overview, Range, Series } from '../api/types';
import { ErrorNote } from '../components/error-note';
import { CollectionsHealth } from '../components/collections-health';
import { LiveRefusals, RefusalsTable } from '../components/refusals-view';
import { type ChartLine, TimeChart } from '../components/time-chart';
import { formatCost, formatCount, formatPercent, formatSeconds } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import type { Theme } from '../lib/theme';
import { useResource, useThrottled } from '../lib/use-resource';

const RANGES: Array<{ range: Range; label: string }> = [
  { range: 'hour', label: 'Last hour' },
  { range: 'day', label: 'Last day' },
  { range: 'week', label: 'Last week' },
];

type Metric = 'calls' | 'cost' | 'failures' | 'firstTokenSeconds' | 'seconds' | 'cachedTokens';

const CHARTS: Array<{ metric: Metric; title: string; format: (value: number) => string; whole?: boolean }> = [
  { metric: 'calls', title: 'Calls', format: (v) => formatCount(Math.round(v)), whole: true },
  { metric: 'cost', title: 'Cost (USD)', format: (v) => formatCost(v) },
  { metric: 'failures', title: 'Failures', format: (v) => formatCount(Math.round(v)), whole: true },
  { metric: 'firstTokenSeconds', title: 'First token (s, mean)', format: (v) => v.toFixed(2) },
  { metric: 'seconds', title: 'Total (s, mean)', format: (v) => v.toFixed(2) },
  { metric: 'cachedTokens', title: 'Cache reads (tokens)', format: (v) => formatCount(Math.round(v)), whole: true },
];

/** Refusals the page keeps from the live feed. */
const LIVE_REFUSALS = 5;

function Figures({ overview }: { overview: Overview }) {
  const { totals } = overview;
  const figures: Array<[string, string]> = [
    ['Calls', formatCount(totals.calls)],
    ['Cost', formatCost(totals.cost)],
    ['Failures', `${formatCount(totals.failures)} (${formatPercent(totals.failures, totals.calls)})`],
    ['First token', formatSeconds(totals.firstTokenSeconds)],
    ['Total time', formatSeconds(totals.seconds)],
    ['Output tokens/s', totals.outputTokensPerSecond === null ? '—' : totals.outputTokensPerSecond.toFixed(1)],
    ['Cache reads', `${formatCount(totals.cachedTokens)} (${formatPercent(totals.cachedTokens, totals.inputTokens)} of input)`],
    ['Refused (limits)', formatCount(overview.refused)],
  ];
  return (
    <dl class="figures">
      {figures.map(([label, value]) => (
        <div key={label} class="figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function linesOf(series: Series[], metric: Metric): ChartLine[] {
  return series.map((s) => ({ label: s.name ?? '(no key)', values: s[metric] }));
}

export function OverviewPage({ theme }: { theme: Theme }) {
  const [range, setRange] = useState<Range>('day');
  const [by, setBy] = useState<'byModel' | 'byKey'>('byModel');
  const overview = useResource(() => benchApi.overview(range), [range]);
  const collections = useResource(() => benchApi.collections(), []);
  const refresh = useThrottled(() => {
    overview.reload();
    collections.reload();
  }, 2000);
  const [liveRefusals, setLiveRefusals] = useState<LiveRefusal[]>([]);
  useLiveEvents((event) => {
    if (event.type === 'call') refresh();
    else if (event.type === 'refusal') {
      setLiveRefusals((shown) => [event.refusal, ...shown].slice(0, LIVE_REFUSALS));
      refresh();
    }
  });

  const data = overview.data;
  const series = data?.[by];
  const charts = useMemo(() => (series ? CHARTS.map((chart) => ({ ...chart, lines: linesOf(series, chart.metric) })) : []), [series]);

  return (
    <section aria-labelledby="overview-title">
      <header class="page-head">
        <h1 id="overview-title">Overview</h1>
        <div class="toolbar">
          <fieldset class="segmented" aria-label="Time range">
            {RANGES.map((r) => (
              <button key={r.range} type="button" aria-pressed={range === r.range} onClick={() => setRange(r.range)}>
                {r.label}
              </button>
            ))}
          </fieldset>
          <fieldset class="segmented" aria-label="Lines per">
            <button type="button" aria-pressed={by === 'byModel'} onClick={() => setBy('byModel')}>
              per model
            </button>
            <button type="button" aria-pressed={by === 'byKey'} onClick={() => setBy('byKey')}>
              per key
            </button>
          </fieldset>
        </div>
      </header>
      {overview.error ? <ErrorNote error={overview.error} title="The overview did not load." /> : null}
      {data ? (
        <>
          <Figures overview={data} />
          <div class="charts" data-testid="charts">
            {charts.map((chart) => (
              <TimeChart key={chart.metric} title={chart.title} buckets={data.buckets} lines={chart.lines} format={chart.format} whole={chart.whole} theme={theme} />
            ))}
          </div>
          {series && series.length > 0 ? <SeriesTable series={series} by={by} /> : <p class="muted">No calls in this range yet.</p>}
          <h2>Refused by limits</h2>
          {liveRefusals.length > 0 ? <LiveRefusals refusals={liveRefusals} /> : null}
          {data.refusals.length > 0 ? (
            <RefusalsTable refusals={data.refusals} />
          ) : (
            <p class="muted">No request was refused by a key's or a collection's limits in this range.</p>
          )}
        </>
      ) : overview.loading ? (
        <p class="muted">Loading…</p>
      ) : null}
      <h2>Collections</h2>
      {collections.error ? <ErrorNote error={collections.error} /> : null}
      {collections.data ? <CollectionsHealth collections={collections.data} /> : null}
    </section>
  );
}

function SeriesTable({ series, by }: { series: Series[]; by: 'byModel' | 'byKey' }) {
  return (
    <div class="table-scroll">
      <table data-testid="series-table">
        <caption class="sr-only">Totals {by === 'byModel' ? 'per model' : 'per key'}</caption>
        <thead>
          <tr>
            <th scope="col">{by === 'byModel' ? 'Model' : 'Key'}</th>
            <th scope="col">Calls</th>
            <th scope="col">Failures</th>
            <th scope="col">Cost</th>
            <th scope="col">First token</th>
            <th scope="col">Total</th>
            <th scope="col">Tokens/s</th>
            <th scope="col">Cache reads</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.name ?? ''}>
              <th scope="row">{s.name ?? '(no key)'}</th>
              <td>{formatCount(s.totals.calls)}</td>
              <td>{formatCount(s.totals.failures)}</td>
              <td>{formatCost(s.totals.cost)}</td>
              <td>{formatSeconds(s.totals.firstTokenSeconds)}</td>
              <td>{formatSeconds(s.totals.seconds)}</td>
              <td>{s.totals.outputTokensPerSecond === null ? '—' : s.totals.outputTokensPerSecond.toFixed(1)}</td>
              <td>{formatCount(s.totals.cachedTokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
