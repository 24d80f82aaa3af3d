import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Theme } from '../lib/theme';

/** Readable on both themes' backgrounds. */
const PALETTE = ['#3b82f6', '#f97316', '#10b981', '#e11d48', '#8b5cf6', '#eab308', '#06b6d4', '#a16207'];

export interface ChartLine {
  label: string;
  values: Array<number | null>;
}

interface Props {
  title: string;
  /** Each bucket's start, epoch ms. */
  buckets: number[];
  lines: ChartLine[];
  format: (value: number) => string;
  /** Counts: whole-number ticks only, from 0. */
  whole?: boolean;
  theme: Theme;
}

/** Tick steps for counts: 1, 2, 5, 10, 20, 50, … */
const WHOLE_STEPS = Array.from({ length: 24 }, (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3));

/** One uPlot time chart: a line per model (or key); the legend shows each line's value under the cursor. */
export function TimeChart({ title, buckets, lines, format, whole = false, theme }: Props) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const ink = style.color;
    const grid = style.outlineColor;
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: 180,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, ...(whole ? { y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } } : {}) },
      axes: [axis, { ...axis, size: 76, values: (_u, ticks) => ticks.map(format), ...(whole ? { incrs: WHOLE_STEPS } : {}) }],
      series: [
        {},
        ...lines.map((line, index) => ({
          label: line.label,
          stroke: PALETTE[index % PALETTE.length],
          width: 2,
          spanGaps: false,
          // A bucket alone between empty ones has no line to draw: its point shows it.
          points: { show: true, size: 4 },
          value: (_u: uPlot, value: number | null) => (value === null || value === undefined ? '—' : format(value)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [buckets.map((ms) => ms / 1000), ...lines.map((line) => line.values)];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [buckets, lines, format, whole, theme]);

  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={holder} class="chart-plot" role="img" aria-label={`${title}, ${lines.map((l) => l.label).join(', ') || 'no data'}`} />
    </figure>
  );
}
