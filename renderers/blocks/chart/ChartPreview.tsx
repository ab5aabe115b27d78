import { useId, useMemo } from 'react';
import type { BarView } from '../../../src/shared/market';
import { PREVIEW_WIDTH, previewGeometry } from './preview-geometry';

/** Props of {@link ChartPreview}. */
export interface ChartPreviewProps {
  bars: readonly BarView[];
  /** The previous close on 1D (drawn dashed and kept in the scale); undefined on longer ranges. */
  baseline: number | undefined;
  up: boolean;
  /** The box's height in CSS px. */
  height: number;
  /** The accessible description (range, first and last price). */
  label: string;
}

/**
 * The chart's first view: the closes as an SVG line over a soft fill, drawn with the
 * page's first render. The chart library (lightweight-charts, ≈ 250 ms of script on a slow phone
 * for its first layout and draw) loads only when the investor reaches for the chart — a touch, a
 * hover, candles — and then takes over in the same box (`InteractiveChart`). Colours come from
 * the theme, so dark mode needs nothing here.
 */
export function ChartPreview({ bars, baseline, up, height, label }: ChartPreviewProps) {
  const fill = useId();
  const shape = useMemo(() => previewGeometry(bars.map((bar) => bar.c), baseline, height), [bars, baseline, height]);
  return (
    <svg className={`chart-preview ${up ? 'up' : 'down'}`} data-testid="chart-preview" viewBox={`0 0 ${PREVIEW_WIDTH} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="chart-preview-fill-top" />
          <stop offset="1" className="chart-preview-fill-bottom" />
        </linearGradient>
      </defs>
      <path d={shape.area} fill={`url(#${fill})`} stroke="none" />
      {shape.baselineY !== null && <line className="chart-preview-baseline" x1="0" x2={PREVIEW_WIDTH} y1={shape.baselineY} y2={shape.baselineY} />}
      <path className="chart-preview-line" d={shape.line} />
    </svg>
  );
}
