import { GAD7_BANDS, GAD7_MAX, PHQ9_BANDS, PHQ9_MAX } from '@therapy/shared/measures';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/*
 * The therapist's charts of PHQ-9 and GAD-7 over time with their severity bands (issue 28,
 * decision 058). uPlot (about 50 KB) is imported only here, and this module only by the client's
 * measures screen through React.lazy: no other screen, and never the booking wizard, loads it.
 * The table beside it holds the same figures in words (the chart is a picture for the eye).
 */

type Point = { at: number; score: number };
type Props = {
  instrument: 'phq9' | 'gad7';
  points: readonly Point[];
  label: string;
  bandLabel: (band: string) => string;
};

// Light tints from calm to urgent; each band is also named in the chart and in the table.
const TINTS = ['#dcfce7', '#fef9c3', '#fde68a', '#fed7aa', '#fecaca'];

function bandsPlugin(
  bands: readonly { band: string; min: number; max: number }[],
  bandLabel: Props['bandLabel'],
) {
  return {
    hooks: {
      drawClear: (chart: uPlot) => {
        const { ctx, bbox } = chart;
        ctx.save();
        bands.forEach((band, index) => {
          const top = chart.valToPos(band.max + 0.5, 'y', true);
          const bottom = chart.valToPos(Math.max(band.min - 0.5, 0), 'y', true);
          ctx.fillStyle =
            TINTS[Math.min(index + (bands.length === 4 && index === 3 ? 1 : 0), TINTS.length - 1)]!;
          ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
          ctx.fillStyle = '#475569';
          ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
          ctx.textAlign = 'right';
          ctx.fillText(
            bandLabel(band.band),
            bbox.left + bbox.width - 6 * devicePixelRatio,
            bottom - 4 * devicePixelRatio,
          );
        });
        ctx.restore();
      },
    },
  };
}

/** One instrument's scores as a line over time, on its bands. */
export function MeasureChart({ instrument, points, label, bandLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bands = instrument === 'phq9' ? PHQ9_BANDS : GAD7_BANDS;
    const max = instrument === 'phq9' ? PHQ9_MAX : GAD7_MAX;
    const width = Math.max(280, Math.min(element.clientWidth || 640, 960));
    const chart = new uPlot(
      {
        width,
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: [0, max] } },
        axes: [{}, { values: (_chart, ticks) => ticks.map(String) }],
        series: [{}, { label, stroke: '#0f766e', width: 2, points: { size: 8, fill: '#0f766e' } }],
        plugins: [bandsPlugin(bands, bandLabel)],
      },
      [points.map((point) => point.at), points.map((point) => point.score)],
      element,
    );
    return () => chart.destroy();
  }, [instrument, points, label, bandLabel]);
  return <div ref={box} className="measures-chart" role="img" aria-label={label} />;
}
