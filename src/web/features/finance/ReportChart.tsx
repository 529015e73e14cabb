import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMonth, formatWholeCedis } from '../../../shared/format.ts';

// The reports screen's chart: confirmed giving per month, one stacked colour per assembly.
// uPlot (≈ 20 KB brotli) is imported here only, so only /admin/reports downloads it.

export interface ChartSeries {
  label: string;
  /** pesewas per month */
  values: number[];
}

const palette = '#4b2a8c #e8a317 #1b6e35 #b3261e #1f6fb2 #8c5a2a #6a6a6a #c2408f #2a8c83'.split(
  ' ',
);

const monthLabel = (month: string | undefined) => (month ? formatMonth(month) : '');

export function ReportChart({ months, series }: { months: string[]; series: ChartSeries[] }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element || months.length === 0) return;
    // Stacked: each bar is drawn at the running total, the tallest first.
    const totals = series.map((_, i) =>
      months.map((__, m) => series.slice(0, i + 1).reduce((sum, s) => sum + (s.values[m] ?? 0), 0)),
    );
    const order = series.map((_, i) => i).reverse();
    const data: uPlot.AlignedData = [months.map((_, i) => i), ...order.map((i) => totals[i]!)];
    const width = () => Math.max(280, element.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 260,
        padding: [12, 8, 0, 0],
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        // A key of colours and assemblies: a live legend read 'Month:' and 'Bethel:' with
        // nothing after them until a bar was touched (issue 30); the table has the amounts.
        legend: { live: false },
        scales: {
          x: { time: false, range: [-0.6, months.length - 0.4] },
          y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 100)] },
        },
        axes: [
          {
            splits: () => months.map((_, i) => i),
            values: (_u, splits) => splits.map((i) => monthLabel(months[i])),
            gap: 4,
          },
          { values: (_u, splits) => splits.map(formatWholeCedis), size: 56, label: 'GHS' },
        ],
        series: [
          {},
          ...order.map((i) => ({
            label: series[i]!.label,
            fill: palette[i % palette.length]!,
            stroke: palette[i % palette.length]!,
            paths: uPlot.paths.bars!({ size: [0.7, 48] }),
            points: { show: false },
          })),
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: 260 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [months, series]);

  return <div ref={holder} className="finance-chart" />;
}
