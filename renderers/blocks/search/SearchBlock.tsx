/**
 * Instrument search (/search): a search box that calls `call` with `{keyword}` 300 ms
 * after typing stops, live results, and recent searches kept on the device (local storage,
 * newest first, at most 8) shown while the box is empty.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Clock3, Search, X } from 'lucide-react';
import type { BlockProps } from '../../types';
import type { QuoteView } from '../../../src/shared/market';
import { useHost } from '../../host';
import { QuoteRow, QuoteRowsSkeleton } from '../../market/QuoteRow';
import { fillRoute } from '../../data';
import { EmptyState } from '../../ui/EmptyState';
import type { SearchBlockSpec } from './spec';

const RECENT_KEY = 'nivesh.recentSearches';
const RECENT_MAX = 8;

interface Recent {
  symbol: string;
  name: string;
}

function readRecent(): Recent[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as Recent[];
    return Array.isArray(list) ? list.filter((r) => r && typeof r.symbol === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function SearchBlock({ spec }: BlockProps<SearchBlockSpec>) {
  const intl = useIntl();
  const host = useHost();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<QuoteView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [recent, setRecent] = useState<Recent[]>(() => (spec.recent ? readRecent() : []));
  const request = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  // Focused for typing at once, without scrolling the page to it: on a screen whose blocks
  // arrive frame by frame (`BLOCKS_PER_FRAME`), a search lower down must not pull the view away
  // from the top (nor move a button under the finger about to tap it).
  useEffect(() => input.current?.focus({ preventScroll: true }), []);

  useEffect(() => {
    const text = keyword.trim();
    if (!text) {
      setResults(null);
      setLoading(false);
      return undefined;
    }
    setLoading(true);
    const id = ++request.current;
    const timer = setTimeout(() => {
      host
        .call<QuoteView[]>(spec.call, { keyword: text }, { silent: true })
        .then((found) => id === request.current && setResults(found))
        .catch(() => id === request.current && setResults([]))
        .finally(() => id === request.current && setLoading(false));
    }, spec.debounceMs ?? 300);
    return () => clearTimeout(timer);
  }, [keyword, host, spec.call, spec.debounceMs]);

  const open = (quote: Recent) => {
    if (spec.recent) {
      const next = [{ symbol: quote.symbol, name: quote.name }, ...recent.filter((r) => r.symbol !== quote.symbol)].slice(0, RECENT_MAX);
      setRecent(next);
      try {
        localStorage.setItem(RECENT_KEY, JSON.stringify(next));
      } catch {
        /* storage full or blocked: recent searches are a convenience */
      }
    }
    host.navigate(fillRoute(spec.to, quote));
  };

  const clearRecent = () => {
    setRecent([]);
    localStorage.removeItem(RECENT_KEY);
  };

  let body;
  if (!keyword.trim()) {
    body =
      spec.recent && recent.length ? (
        <section className="recent" data-testid="recent-searches">
          <div className="recent-head">
            <h2 className="section-title">
              <FormattedMessage id="search.recent" />
            </h2>
            <button type="button" className="btn-text" onClick={clearRecent}>
              <FormattedMessage id="search.clearRecent" />
            </button>
          </div>
          <ul className="recent-list card">
            {recent.map((r) => (
              <li key={r.symbol}>
                <button type="button" className="recent-row" onClick={() => open(r)}>
                  <Clock3 size={16} aria-hidden="true" />
                  <strong>{r.symbol}</strong>
                  <span>{r.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : spec.text ? (
        <p className="search-hint">
          <FormattedMessage id={spec.text} />
        </p>
      ) : null;
  } else if (loading && !results) body = <QuoteRowsSkeleton rows={4} />;
  else if (results && !results.length) body = <EmptyState messageId={spec.empty} />;
  else if (results) {
    body = (
      <ul className="quote-list card" data-testid="search-results">
        {results.map((quote) => (
          <QuoteRow key={quote.symbol} quote={quote} onOpen={open} showChange={false} />
        ))}
      </ul>
    );
  }

  return (
    <section className="search-block">
      <div className="search-box">
        <Search size={18} aria-hidden="true" />
        <input
          ref={input}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          className="search-input"
          placeholder={intl.formatMessage({ id: spec.label })}
          aria-label={intl.formatMessage({ id: spec.label })}
          value={keyword}
          maxLength={50}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="search-input"
        />
        {keyword && (
          <button type="button" className="icon-button subtle" aria-label={intl.formatMessage({ id: 'search.clear' })} onClick={() => setKeyword('')}>
            <X size={18} />
          </button>
        )}
      </div>
      {body}
    </section>
  );
}
