/**
 * A price chart (/marketDetails): 1D from the intraday call (today's 1-minute bars, kept
 * live from the stream), the longer ranges from the history call; line (area) or candles.
 *
 * First view without the chart library: the line is drawn as SVG with the page
 * (`ChartPreview`); lightweight-charts (`InteractiveChart`, its own chunk) loads when the investor
 * reaches for the chart — touches it, hovers it with a mouse, or picks candles — and
 * takes over in the same box once it has drawn. The box has a fixed height, so loading, switching
 * and the handover never shift the layout.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartCandlestick, ChartLine } from 'lucide-react';
import type { BlockProps } from '../../types';
import type { BarView, HistoryView, QuoteView } from '../../../src/shared/market';
import { formatPrice } from '../../formatters/market';
import { bindTemplate, useCallData, useQueryObject } from '../../data';
import { useLiveQuote } from '../../market/useLiveQuote';
import { ErrorState } from '../../ui/ErrorState';
import type { ChartBlockSpec } from './spec';
import { ChartPreview } from './ChartPreview';
import { applyTick } from './preview-geometry';

const InteractiveChart = lazy(() => import('./InteractiveChart'));

type Range = '1D' | '5D' | '1M' | '6M' | '1Y';
type Style = 'line' | 'candles';

const NO_BARS: readonly BarView[] = [];

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

  const loaded = data?.bars ?? NO_BARS;
  const first = loaded[0];
  const reference = range === '1D' ? data?.prevClose : first?.o;
  const baseline = range === '1D' ? data?.prevClose : undefined;

  // 1D follows the stream: the minute in progress moves, a new minute adds a bar. The ticks are
  // applied to the loaded bars; a new answer (range, symbol, refresh) starts again from it.
  const [tail, setTail] = useState({ base: loaded, bars: loaded });
  const shown = tail.base === loaded ? tail.bars : loaded;
  const lastLoaded = loaded.at(-1);
  const seed = useMemo<QuoteView | null>(
    () => (data && range === '1D' ? { symbol, name: '', kind: 'equity', sector: '', last: lastLoaded?.c ?? 0, change: 0, changePct: 0, open: null, high: null, low: null, prevClose: data.prevClose, volume: 0, time: lastLoaded?.t ?? 0 } : null),
    [data, range, symbol, lastLoaded],
  );
  const live = useLiveQuote(seed, range === '1D');
  const livePrice = live?.last;
  const liveTime = live?.time;
  useEffect(() => {
    if (livePrice === undefined || liveTime === undefined || range !== '1D') return;
    setTail((prev) => {
      const from = prev.base === loaded ? prev.bars : loaded;
      const bars = applyTick(from, livePrice, liveTime);
      return prev.base === loaded && bars === prev.bars ? prev : { base: loaded, bars };
    });
  }, [livePrice, liveTime, range, loaded]);

  const last = shown.at(-1);
  const up = last && reference !== undefined ? last.c >= reference : true;

  // The library is wanted once the investor reaches for the chart or picks candles; drawn, it stays.
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const interactive = wanted || style === 'candles';
  const want = useCallback(() => setWanted(true), []);
  const onReady = useCallback(() => setDrawn(true), []);
  useEffect(() => setDrawn(false), [intl.locale]);

  const state = isLoading && !data ? 'loading' : error && !data ? 'error' : loaded.length ? 'ready' : 'empty';
  const rangeLabel = useMemo(() => Object.fromEntries(ranges.map((r) => [r, intl.formatMessage({ id: `chart.range${r}` })])), [ranges, intl]);

  return (
    <section className="chart-block card" data-testid="chart" data-range={range} data-style={style} data-state={state} data-points={loaded.length}>
      <div
        className="chart-box"
        style={{ height }}
        data-mode={interactive && drawn ? 'interactive' : 'preview'}
        onPointerDown={want}
        onPointerEnter={(event) => event.pointerType === 'mouse' && want()}
      >
        {state === 'ready' && !(interactive && drawn) && (
          <ChartPreview bars={shown} baseline={baseline} up={up} height={height} label={intl.formatMessage({ id: 'chart.preview' }, { range: rangeLabel[range], first: formatPrice(first?.o, intl.locale), last: formatPrice(last?.c, intl.locale) })} />
        )}
        {interactive && (
          <Suspense fallback={null}>
            <InteractiveChart loaded={loaded} shown={shown} style={style} up={up} baseline={baseline} locale={intl.locale} onReady={onReady} />
          </Suspense>
        )}
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
