/**
 * Index cards (/home): one card per quote from `load` (e.g. NIFTY 50 and SENSEX)
 * with the live value, the day's change and a sparkline of today's minutes.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { BlockProps } from '../../types';
import type { HistoryView, QuoteView } from '../../../src/shared/market';
import { useHost } from '../../host';
import { fillRoute, useBlockData, useCallData } from '../../data';
import { formatChange, formatPercent, formatPrice, trend } from '../../formatters/market';
import { LivePrice } from '../../market/LivePrice';
import { Sparkline } from '../../market/Sparkline';
import { useLiveQuote } from '../../market/useLiveQuote';
import { ErrorState } from '../../ui/ErrorState';
import type { IndexCardsBlockSpec } from './spec';

function IndexCard({ quote: loaded, spark, to }: { quote: QuoteView; spark?: { call: string }; to?: string }) {
  const intl = useIntl();
  const host = useHost();
  const quote = useLiveQuote(loaded)!;
  const { data: history } = useCallData<HistoryView>(spark ? { call: spark.call, params: { symbol: quote.symbol } } : null, { silent: true });
  const points = useMemo(() => {
    const closes = (history?.bars ?? []).map((b) => b.c);
    const step = Math.max(1, Math.ceil(closes.length / 90));
    const sampled = closes.filter((_, i) => i % step === 0);
    return sampled.length ? [...sampled, quote.last] : [];
  }, [history, quote.last]);
  const dir = trend(quote.change);
  return (
    <button type="button" className={`index-card ${dir}`} onClick={() => to && host.navigate(fillRoute(to, quote))} data-testid="index-card" data-symbol={quote.symbol}>
      <span className="index-name">{quote.name}</span>
      <LivePrice value={quote.last} text={formatPrice(quote.last, intl.locale)} className="index-value" testId="index-value" />
      <span className={`index-change ${dir}`}>
        {formatChange(quote.change, intl.locale)} ({formatPercent(quote.changePct, intl.locale)})
      </span>
      <Sparkline values={points} baseline={history?.prevClose} width={140} height={34} tone={dir} />
    </button>
  );
}

export function IndexCardsBlock({ spec }: BlockProps<IndexCardsBlockSpec>) {
  const { data, error, isLoading, reload } = useBlockData<QuoteView[]>(spec.id, spec.load);
  if (error && !data) return <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
  return (
    <section className="index-cards" data-testid="index-cards">
      {isLoading && !data
        ? [0, 1].map((i) => (
            <div key={i} className="index-card skeleton-card" aria-busy="true">
              <span className="shimmer-line thin" style={{ width: '50%' }} />
              <span className="shimmer-line" style={{ width: '75%', height: 22 }} />
              <span className="shimmer-line thin" style={{ width: '60%' }} />
              <span className="shimmer-line" style={{ width: '100%', height: 34 }} />
            </div>
          ))
        : (data ?? []).map((quote) => <IndexCard key={quote.symbol} quote={quote} spark={spec.spark} to={spec.to} />)}
    </section>
  );
}
