/**
 * The interactive chart (lightweight-charts: crosshair, axes, candles, pinch), its own lazy chunk
 * so the library loads only when the investor reaches for the chart (`ChartBlock`).
 * Times are shown in India time; dates and times in the screen's language (`time-labels.ts`).
 */
import { useEffect, useRef, useState } from 'react';
import {
  AreaSeries, CandlestickSeries, ColorType, CrosshairMode, LineStyle, createChart,
  type IChartApi, type ISeriesApi, type SeriesType, type UTCTimestamp,
} from 'lightweight-charts';
import type { BarView } from '../../../src/shared/market';
import { formatPrice } from '../../formatters/market';
import { useShownScheme } from '../../app/theme';
import { INDIA_OFFSET_S } from '../../../src/shared/india-time';
import { SCALE_MARGINS } from './preview-geometry';
import { crosshairTimeFormatter, isIntraday, tickMarkFormatter } from './time-labels';

const toTime = (ms: number) => (Math.floor(ms / 1000) + INDIA_OFFSET_S) as UTCTimestamp;

/** The chart's colours, read from the theme's tokens (a canvas cannot follow `light-dark()` itself). */
interface ChartColors {
  up: string;
  down: string;
  grid: string;
  text: string;
  base: string;
}

/** The tokens resolved to the colours shown in `box` now (`rgb(…)` strings). */
function themeColors(box: HTMLElement): ChartColors {
  const probe = document.createElement('span');
  box.append(probe);
  const read = (token: string) => {
    probe.style.color = `var(${token})`;
    return getComputedStyle(probe).color;
  };
  const colors = { up: read('--up'), down: read('--down'), grid: read('--surface-2'), text: read('--ink-3'), base: read('--ink-3') };
  probe.remove();
  return colors;
}

/** `rgb(r, g, b)` → `rgba(r, g, b, alpha)`; any other form unchanged. */
const withAlpha = (color: string, alpha: number) => color.replace(/^rgb\((.*)\)$/, `rgba($1, ${alpha})`);

/** Props of {@link InteractiveChart}. */
export interface InteractiveChartProps {
  /** The loaded bars: a new array (new range, new answer) sets the series' data anew. */
  loaded: readonly BarView[];
  /** The bars shown: `loaded` with the live tail applied; a change of its last bar only updates that point. */
  shown: readonly BarView[];
  style: 'line' | 'candles';
  up: boolean;
  /** The previous close on 1D (a dashed price line), undefined otherwise. */
  baseline: number | undefined;
  locale: string;
  /** Called once the chart has drawn its first data (the preview under it can go). */
  onReady: () => void;
}

/** The lightweight-charts view of the bars; see {@link InteractiveChartProps}. */
export default function InteractiveChart({ loaded, shown, style, up, baseline, locale, onReady }: InteractiveChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<SeriesType> | null>(null);
  const lastTime = useRef(0);
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const ready = useRef(onReady);
  ready.current = onReady;
  const colors = useRef<ChartColors | null>(null);
  // Light or dark: the chart is made again with the colours of the scheme shown.
  const scheme = useShownScheme();
  // The crosshair's time and price as text (the canvas draws them; screen readers and tests read this).
  const [pointed, setPointed] = useState('');

  // Daily bars (1Y, 5Y) label dates only; intraday bars add the time.
  const intraday = isIntraday(loaded);

  // Made with its first data (made empty, it laid out and drew twice); a locale change makes a new one.
  useEffect(() => {
    const palette = themeColors(box.current!);
    colors.current = palette;
    const instance = createChart(box.current!, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: palette.text, fontSize: 11, fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' },
      grid: { vertLines: { visible: false }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderVisible: false, scaleMargins: { ...SCALE_MARGINS } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: tickMarkFormatter(locale) },
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
      handleScale: { axisPressedMouseMove: false, pinch: true, mouseWheel: false },
      localization: { locale, priceFormatter: (price: number) => formatPrice(price, locale), timeFormatter: crosshairTimeFormatter(locale, intraday) },
    });
    chart.current = instance;
    instance.subscribeCrosshairMove((param) => {
      const value = param.time === undefined || !series.current ? undefined : param.seriesData.get(series.current);
      const price = value && 'close' in value ? value.close : value && 'value' in value ? value.value : undefined;
      const format = instance.options().localization.timeFormatter;
      setPointed(param.time === undefined || typeof price !== 'number' || !format ? '' : `${format(param.time)} · ${formatPrice(price, locale)}`);
    });
    return () => {
      instance.remove();
      chart.current = null;
      series.current = null;
    };
  }, [locale, scheme]);

  // A range of another bar size (1D ↔ 1Y) relabels the crosshair.
  useEffect(() => {
    chart.current?.applyOptions({ localization: { timeFormatter: crosshairTimeFormatter(locale, intraday) } });
  }, [locale, intraday]);

  useEffect(() => {
    const instance = chart.current;
    const palette = colors.current;
    if (!instance || !palette) return;
    if (series.current) instance.removeSeries(series.current);
    const bars = shownNow.current;
    const color = up ? palette.up : palette.down;
    const s: ISeriesApi<SeriesType> =
      style === 'candles'
        ? instance.addSeries(CandlestickSeries, {
            upColor: palette.up, downColor: palette.down, borderVisible: false, wickUpColor: palette.up, wickDownColor: palette.down, priceLineVisible: false,
          })
        : instance.addSeries(AreaSeries, {
            lineColor: color, lineWidth: 2, topColor: withAlpha(color, up ? 0.22 : 0.2), bottomColor: withAlpha(color, 0), priceLineVisible: false,
            crosshairMarkerRadius: 4,
          });
    if (style === 'candles') s.setData(bars.map((b) => ({ time: toTime(b.t), open: b.o, high: b.h, low: b.l, close: b.c })));
    else s.setData(bars.map((b) => ({ time: toTime(b.t), value: b.c })));
    if (baseline !== undefined) {
      s.createPriceLine({ price: baseline, color: palette.base, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false, title: '' });
    }
    series.current = s;
    lastTime.current = bars.at(-1)?.t ?? 0;
    instance.timeScale().fitContent();
    // lightweight-charts draws in the next animation frame: hand over after it.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => ready.current()));
    return () => cancelAnimationFrame(frame);
  }, [loaded, style, up, baseline, locale, scheme]);

  // The live tail: the minute in progress moves, a new minute adds a point.
  const tail = shown.at(-1);
  useEffect(() => {
    const s = series.current;
    if (!s || !tail || tail.t < lastTime.current) return;
    lastTime.current = tail.t;
    if (style === 'candles') s.update({ time: toTime(tail.t), open: tail.o, high: tail.h, low: tail.l, close: tail.c });
    else s.update({ time: toTime(tail.t), value: tail.c });
  }, [tail, style]);

  return (
    <>
      <div ref={box} className="chart-canvas" data-testid="chart-canvas" />
      <p className="visually-hidden" data-testid="chart-crosshair">{pointed}</p>
    </>
  );
}
