import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/*
 * A bar chart drawn by uPlot (decision 059), loaded with this module only: the overview imports
 * it lazily, so no other screen (and never the booking wizard) carries the library. The canvas is
 * hidden from screen readers: the table beside each chart holds the same numbers.
 */

export type ChartSeries = { label: string; values: readonly number[]; color: string };

type BarChartProps = {
  /** One label per bar group, in order (weeks, weekdays, therapists…). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** How a value reads on the value axis (₹, %, a count). */
  format?: (value: number) => string;
  height?: number;
};

const plain = (value: number) => String(value);
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

function options(props: BarChartProps, width: number): uPlot.Options {
  const { labels, series, format = plain, height = 220 } = props;
  const groups = series.length;
  return {
    width,
    height,
    // The series' names only (no values: the table beside the chart holds them).
    legend: { show: groups > 1, live: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max : 1] },
    },
    axes: [
      {
        incrs: [1, 2, 3, 4, 6, 8, 13, 26],
        // Room for the longest label, so that labels skip rather than overlap.
        space: Math.max(40, Math.max(...labels.map((label) => label.length)) * 7),
        values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (labels[tick] ?? '') : '')),
        grid: { show: false },
      },
      {
        values: (_u, ticks) => ticks.map(format),
        size: 64,
        // Counts step in whole numbers.
        ...(format === plain ? { incrs: COUNT_STEPS } : {}),
      },
    ],
    series: [
      {},
      ...series.map((entry, index) => ({
        label: entry.label,
        stroke: entry.color,
        fill: entry.color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({
          size: [groups > 1 ? 0.4 : 0.7, 64],
          align: groups > 1 ? (index === 0 ? -1 : 1) : 0,
        }),
      })),
    ],
  };
}

export default function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const widthOf = () => Math.max(element.clientWidth, 200);
    const data: uPlot.AlignedData = [
      props.labels.map((_, index) => index),
      ...props.series.map((entry) => [...entry.values]),
    ];
    const plot = new uPlot(options(props, widthOf()), data, element);
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: widthOf(), height: props.height ?? 220 }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [props]);
  return <div ref={box} className="overview-chart" aria-hidden="true" data-chart="drawn" />;
}
