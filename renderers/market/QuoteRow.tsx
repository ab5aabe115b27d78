/** One instrument row: avatar, symbol and name, live price and change (lists, search, rankings). */
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { QuoteView } from '../../src/shared/market';
import { formatChange, formatPercent, formatPrice, trend } from '../formatters/market';
import { LivePrice } from './LivePrice';
import { SymbolAvatar } from './SymbolAvatar';
import { useLiveQuote } from './useLiveQuote';
import { useInViewport } from './useInViewport';

export interface QuoteRowProps {
  quote: QuoteView;
  onOpen?: (quote: QuoteView) => void;
  /** `compact` hides the name line's sector and uses a smaller avatar. */
  compact?: boolean;
  /** Show the change in points as well as percent. */
  showChange?: boolean;
  live?: boolean;
  /** A labelled button beside the row (e.g. "Buy"); not nested in the row's own button. */
  action?: { label: string; onTap: (quote: QuoteView) => void };
}

export function QuoteRow({ quote: loaded, onOpen, compact, showChange = false, live = true, action }: QuoteRowProps) {
  const intl = useIntl();
  const row = useRef<HTMLLIElement>(null);
  // Rows out of sight do not re-render on every tick; they catch up when scrolled near.
  const quote = useLiveQuote(loaded, live, useInViewport(row))!;
  const dir = trend(quote.change);
  return (
    <li ref={row} className={`quote-row${compact ? ' compact' : ''}${action ? ' with-action' : ''}`} data-testid="quote-row" data-symbol={quote.symbol}>
      <button type="button" className="quote-row-button" onClick={() => onOpen?.(quote)}>
        <SymbolAvatar symbol={quote.symbol} kind={quote.kind} />
        <span className="quote-row-text">
          <strong className="quote-symbol">{quote.symbol}</strong>
          <span className="quote-name">{quote.name}</span>
        </span>
        <span className="quote-row-figures">
          <LivePrice value={quote.last} text={formatPrice(quote.last, intl.locale, quote.currency)} className="quote-price" testId="quote-price" />
          <span className={`change-pill ${dir}`}>
            {showChange && !compact ? `${formatChange(quote.change, intl.locale)} ` : ''}
            {formatPercent(quote.changePct, intl.locale)}
          </span>
        </span>
      </button>
      {action && (
        <button type="button" className="btn btn-secondary quote-row-action" data-testid="quote-row-action" onClick={() => action.onTap(quote)}>
          {action.label}
        </button>
      )}
    </li>
  );
}

/** Placeholder rows with the same height as real rows (no layout shift when data arrives). */
export function QuoteRowsSkeleton({ rows = 5, compact }: { rows?: number; compact?: boolean }) {
  return (
    <ul className="quote-list card" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={`quote-row skeleton-quote${compact ? ' compact' : ''}`}>
          <span className="quote-row-button">
            <span className="symbol-avatar shimmer" />
            <span className="quote-row-text">
              <span className="shimmer-line" style={{ width: `${40 + ((i * 13) % 30)}%` }} />
              <span className="shimmer-line thin" style={{ width: `${55 + ((i * 7) % 25)}%` }} />
            </span>
            <span className="quote-row-figures">
              <span className="shimmer-line" style={{ width: 64 }} />
              <span className="shimmer-line thin" style={{ width: 52 }} />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
