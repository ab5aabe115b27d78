/**
 * A price chart (issue 5, /marketDetails) with lightweight-charts, loaded lazily with this
 * block: 1D from the intraday call (today's 1-minute bars, kept live from the stream), the
 * longer ranges from the history call; line (area) or candles. Times are shown in India time.
 * The box has a fixed height, so loading and switching never shift the layout.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartCandlestick, ChartLine } from 'lucide-react';
import {
  AreaSeries, CandlestickSeries, ColorType, CrosshairMode, LineStyle, createChart,
  type IChartApi, type ISeriesApi, type SeriesType, type UTCTimestamp,
} from 'lightweight-charts';
import type { BlockProps } from '../../types';
import type { BarView, HistoryView } from '../../../src/shared/market';
import { formatPrice } from '../../formatters/market';
import { bindTemplate, useCallData, useQueryObject } from '../../data';
import { useLiveQuote } from '../../market/useLiveQuote';
import { ErrorState } from '../../ui/ErrorState';
import type { ChartBlockSpec } from './spec';
import { INDIA_OFFSET_S } from '../../../src/shared/india-time';

type Range = '1D' | '5D' | '1M' | '6M' | '1Y';
type Style = 'line' | 'candles';

const toTime = (ms: number) => (Math.floor(ms / 1000) + INDIA_OFFSET_S) as UTCTimestamp;

const COLORS = { up: '#12a150', down: '#d33b3b', grid: '#eef1f5', text: '#7b8799', base: '#9aa5b5' };

export default function ChartBlock({ spec }: BlockProps<ChartBlockSpec>) {
  const intl = useIntl();
  const query = useQueryObject();
  const symbol = String(bindTemplate(spec.symbol, { query }) ?? '');
  const ranges = spec.ranges ?? ['1D', '5D', '1M', '6M', '1Y'];
  const styles = spec.styles ?? ['line', 'candles'];
  const [range, setRange] = useState<Range>(ranges[0]!);
  const [style, setStyle] = useState<Style>(styles[0]!);
  const height = spec.height ?? 260;

  const call = range === '1D' ? spec.intraday.call : spec.history.call;
  const params = range === '1D' ? { symbol } : { symbol, range };
  const { data, error, isLoading, mutate } = useCallData<HistoryView>(symbol ? { call, params } : null, { silent: true });

  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<SeriesType> | null>(null);
  const lastBar = useRef<BarView | null>(null);

  const bars = data?.bars ?? [];
  const first = bars[0];
  const last = bars.at(-1);
  const baseline = range === '1D' ? data?.prevClose : first?.o;
  const up = last && baseline !== undefined ? last.c >= baseline : true;

  // The chart is made with its first data (issue 13: made empty, it laid out and drew twice —
  // once bare, once more when the price axis grew to fit the labels — a long task on a phone),
  // then kept; a locale change makes a new one. Series are replaced when data or style change.
  useEffect(
    () => () => {
      chart.current?.remove();
      chart.current = null;
      series.current = null;
    },
    [intl.locale],
  );

  useEffect(() => {
    if (!box.current || (!chart.current && !bars.length)) return;
    const instance = chart.current ?? createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: COLORS.text, fontSize: 11, fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' },
      grid: { vertLines: { visible: false }, horzLines: { color: COLORS.grid } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
      handleScale: { axisPressedMouseMove: false, pinch: true, mouseWheel: false },
      localization: { locale: intl.locale, priceFormatter: (price: number) => formatPrice(price, intl.locale) },
    });
    chart.current = instance;
    if (series.current) instance.removeSeries(series.current);
    series.current = null;
    lastBar.current = null;
    if (!bars.length) return;
    const color = up ? COLORS.up : COLORS.down;
    if (style === 'candles') {
      const s = instance.addSeries(CandlestickSeries, {
        upColor: COLORS.up, downColor: COLORS.down, borderVisible: false, wickUpColor: COLORS.up, wickDownColor: COLORS.down, priceLineVisible: false,
      });
      s.setData(bars.map((b) => ({ time: toTime(b.t), open: b.o, high: b.h, low: b.l, close: b.c })));
      series.current = s;
    } else {
      const s = instance.addSeries(AreaSeries, {
        lineColor: color, lineWidth: 2, topColor: up ? 'rgba(18,161,80,0.22)' : 'rgba(211,59,59,0.2)', bottomColor: 'rgba(255,255,255,0)', priceLineVisible: false,
        crosshairMarkerRadius: 4,
      });
      s.setData(bars.map((b) => ({ time: toTime(b.t), value: b.c })));
      series.current = s;
    }
    if (baseline !== undefined && range === '1D') {
      series.current.createPriceLine({ price: baseline, color: COLORS.base, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false, title: '' });
    }
    lastBar.current = { ...bars.at(-1)! };
    instance.timeScale().fitContent();
  }, [bars, style, up, baseline, range, intl.locale]);

  // 1D follows the stream: the minute in progress moves, a new minute adds a point.
  const live = useLiveQuote(data && range === '1D' ? { symbol, name: '', kind: 'equity', sector: '', last: last?.c ?? 0, change: 0, changePct: 0, open: null, high: null, low: null, prevClose: data.prevClose, volume: 0, time: last?.t ?? 0 } : null, range === '1D');
  useEffect(() => {
    const s = series.current;
    const prev = lastBar.current;
    if (!live || !s || !prev || range !== '1D' || live.time < prev.t) return;
    const minute = live.time - (live.time % 60_000);
    const bar = minute > prev.t ? { t: minute, o: live.last, h: live.last, l: live.last, c: live.last, v: 0 } : { ...prev, h: Math.max(prev.h, live.last), l: Math.min(prev.l, live.last), c: live.last };
    lastBar.current = bar;
    if (style === 'candles') s.update({ time: toTime(bar.t), open: bar.o, high: bar.h, low: bar.l, close: bar.c });
    else s.update({ time: toTime(bar.t), value: bar.c });
  }, [live, range, style]);

  const state = isLoading && !data ? 'loading' : error && !data ? 'error' : bars.length ? 'ready' : 'empty';
  const rangeLabel = useMemo(() => Object.fromEntries(ranges.map((r) => [r, intl.formatMessage({ id: `chart.range${r}` })])), [ranges, intl]);

  return (
    <section className="chart-block card" data-testid="chart" data-range={range} data-style={style} data-state={state} data-points={bars.length}>
      <div className="chart-box" style={{ height }}>
        <div ref={box} className="chart-canvas" />
        {state === 'loading' && <div className="chart-overlay shimmer" aria-busy="true" />}
        {state === 'error' && (
          <div className="chart-overlay">
            <ErrorState messageId="chart.error" onRetry={() => void mutate()} />
          </div>
        )}
        {state === 'empty' && (
          <div className="chart-overlay chart-empty">
            <FormattedMessage id="chart.empty" />
          </div>
        )}
      </div>
      <div className="chart-controls">
        <div className="range-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'chart.ranges' })}>
          {ranges.map((r) => (
            <button key={r} type="button" role="tab" aria-selected={r === range} className={`range-tab${r === range ? ' active' : ''}`} onClick={() => setRange(r)} data-testid={`range-${r}`} title={rangeLabel[r]}>
              {r}
            </button>
          ))}
        </div>
        {styles.length > 1 && (
          <div className="style-toggle" role="group" aria-label={intl.formatMessage({ id: 'chart.style' })}>
            {styles.map((s) => (
              <button
                key={s}
                type="button"
                className={`icon-button style-btn${s === style ? ' active' : ''}`}
                aria-pressed={s === style}
                aria-label={intl.formatMessage({ id: s === 'line' ? 'chart.line' : 'chart.candles' })}
                onClick={() => setStyle(s)}
                data-testid={`style-${s}`}
              >
                {s === 'line' ? <ChartLine size={18} /> : <ChartCandlestick size={18} />}
              </button>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
