/**
 * A market's headline (/marketDetails): name, symbol and sector, the live price with
 * the day's change, the time of the last tick, and a favourite star that calls `favourite.add`
 * / `favourite.del` with `{symbol}` (optimistic, reverted when the call fails).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Star } from 'lucide-react';
import type { BlockProps } from '../../types';
import type { MarketDetailView } from '../../../src/shared/market';
import { useHost } from '../../host';
import { useBlockData } from '../../data';
import { formatChange, formatClock, formatPercent, formatPrice, trend } from '../../formatters/market';
import { LivePrice } from '../../market/LivePrice';
import { SymbolAvatar } from '../../market/SymbolAvatar';
import { useLiveQuote } from '../../market/useLiveQuote';
import { ErrorState } from '../../ui/ErrorState';
import type { QuoteBlockSpec } from './spec';

export function QuoteBlock({ spec }: BlockProps<QuoteBlockSpec>) {
  const intl = useIntl();
  const host = useHost();
  const { data, error, isLoading, reload, mutate } = useBlockData<MarketDetailView>(spec.id, spec.load);
  const quote = useLiveQuote(data);
  const [starred, setStarred] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setStarred(data?.favourite ?? null), [data?.favourite]);

  if (isLoading && !data) {
    // The same rows at the same heights as the loaded head (fixed in styles.css), so nothing
    // below it moves when the quote arrives (Lighthouse CLS on /marketDetails).
    return (
      <section key="skeleton" className="quote-head card skeleton-card" aria-busy="true" data-testid="quote-head-skeleton">
        <div className="quote-head-top">
          <span className="symbol-avatar shimmer" />
          <div className="quote-head-names">
            <span className="shimmer-line" style={{ width: '70%', height: 18 }} />
            <span className="shimmer-line thin" style={{ width: '45%' }} />
          </div>
          {spec.favourite && <span className="star-button shimmer" />}
        </div>
        <div className="quote-head-price">
          <span className="shimmer-line big-price-line" style={{ width: '50%' }} />
          <span className="shimmer-line change-pill-line" style={{ width: '32%' }} />
        </div>
        <span className="quote-head-time">
          <span className="shimmer-line thin" style={{ width: '35%' }} />
        </span>
      </section>
    );
  }
  if (!quote) return <ErrorState messageId={error ? 'market.notFound' : 'screen.loadError'} onRetry={reload} error={error} />;

  const toggle = async () => {
    if (!spec.favourite || busy || starred === null) return;
    const next = !starred;
    setStarred(next);
    setBusy(true);
    try {
      await host.call(next ? spec.favourite.add.call : spec.favourite.del.call, { symbol: quote.symbol });
      host.toast({ messageId: next ? 'market.starred' : 'market.unstarred', tone: 'success' });
      void mutate();
    } catch {
      setStarred(!next);
    } finally {
      setBusy(false);
    }
  };

  const dir = trend(quote.change);
  return (
    <section className="quote-head card" data-testid="quote-head" data-symbol={quote.symbol}>
      <div className="quote-head-top">
        <SymbolAvatar symbol={quote.symbol} kind={quote.kind} />
        <div className="quote-head-names">
          <h2 className="quote-head-name">{quote.name}</h2>
          <span className="quote-head-sub">
            {quote.symbol} · {quote.kind === 'index' ? intl.formatMessage({ id: 'market.index' }) : quote.sector}
          </span>
        </div>
        {/* The star holds its place before the favourite state is known: the name beside it
            wraps the same way from the first paint. */}
        {spec.favourite && (
          <button
            type="button"
            className={`star-button${starred ? ' on' : ''}`}
            aria-pressed={starred ?? false}
            aria-label={intl.formatMessage({ id: starred ? 'market.unstar' : 'market.star' })}
            onClick={() => void toggle()}
            disabled={busy || starred === null}
            data-testid="favourite-toggle"
          >
            <Star size={22} fill={starred ? 'currentColor' : 'none'} />
          </button>
        )}
      </div>
      <div className="quote-head-price">
        <LivePrice value={quote.last} text={formatPrice(quote.last, intl.locale, quote.currency)} className="big-price" testId="detail-price" />
        <span className={`change-pill big ${dir}`}>
          {formatChange(quote.change, intl.locale)} ({formatPercent(quote.changePct, intl.locale)})
        </span>
      </div>
      <span className="quote-head-time">
        <FormattedMessage id="market.asOf" values={{ time: formatClock(quote.time, intl.locale) }} />
      </span>
    </section>
  );
}
