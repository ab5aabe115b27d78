/**
 * A news list (issue 5: /home, news pages): article cards from a paged call
 * (`{items, page, pageSize, total, hasMore}`), newest first, with relative times, a 'Demo'
 * badge on sample content, 'load more' paging, skeletons, pull-to-refresh and an empty state.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Newspaper } from 'lucide-react';
import type { BlockProps } from '../registry';
import type { BlockSpec, LinkSpec, LoadSpec } from '../types';
import { useHost } from '../host';
import { useBlockData, useReloadScreen } from '../market/blockData';
import { fillRoute } from '../market/template';
import { EmptyState } from '../ui/EmptyState';
import { ErrorState } from '../ui/ErrorState';
import { LinkButton } from '../ui/LinkButton';
import { PullToRefresh } from '../ui/PullToRefresh';
import { INDIA_TIME_ZONE } from '../../src/shared/india-time';

interface NewsItem {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  source: string | null;
  symbols: string[];
  publishedAt: number;
  demo: boolean;
}

interface NewsPage {
  items: NewsItem[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

interface NewsListSpec extends BlockSpec {
  title?: string;
  load: LoadSpec;
  to: string;
  empty: string;
  /** Offer 'load more' while pages remain. */
  paged?: boolean;
  more?: LinkSpec;
}

/** '5 min ago', 'yesterday', or a date for older items. */
export function relativeTime(epochMs: number, now: number, locale: string): string {
  const minutes = Math.round((now - epochMs) / 60_000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (minutes < 1) return rtf.format(0, 'minute');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  if (minutes < 24 * 60) return rtf.format(-Math.round(minutes / 60), 'hour');
  if (minutes < 7 * 24 * 60) return rtf.format(-Math.round(minutes / 1440), 'day');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: INDIA_TIME_ZONE }).format(new Date(epochMs));
}

function NewsCard({ item, onOpen }: { item: NewsItem; onOpen: () => void }) {
  const intl = useIntl();
  return (
    <li className="news-item" data-testid="news-item">
      <button type="button" className="news-button" onClick={onOpen}>
        <span className="news-text">
          <strong className="news-title">{item.title}</strong>
          <span className="news-summary">{item.summary}</span>
          <span className="news-meta">
            {item.demo && (
              <span className="demo-badge">
                <FormattedMessage id="content.demo" />
              </span>
            )}
            {[item.source, relativeTime(item.publishedAt, Date.now(), intl.locale)].filter(Boolean).join(' · ')}
          </span>
        </span>
        {item.imageUrl ? (
          <img className="news-thumb" src={item.imageUrl} alt="" loading="lazy" />
        ) : (
          <span className="news-thumb placeholder" aria-hidden="true">
            {item.symbols[0] ? <span className="news-thumb-symbol">{item.symbols[0]}</span> : <Newspaper size={22} />}
          </span>
        )}
      </button>
    </li>
  );
}

export function NewsListBlock({ spec }: BlockProps<NewsListSpec>) {
  const host = useHost();
  const reloadScreen = useReloadScreen();
  const { data, error, isLoading, reload } = useBlockData<NewsPage>(spec.id, spec.load);
  const [extra, setExtra] = useState<NewsItem[]>([]);
  const [next, setNext] = useState<{ page: number; hasMore: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    setExtra([]);
    setNext(data ? { page: data.page + 1, hasMore: data.hasMore } : null);
  }, [data]);

  const loadMore = async () => {
    if (!next?.hasMore || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await host.call<NewsPage>(spec.load.call, { ...(spec.load.params ?? {}), page: next.page });
      setExtra((items) => [...items, ...page.items.filter((i) => !items.some((x) => x.id === i.id))]);
      setNext({ page: page.page + 1, hasMore: page.hasMore });
    } catch {
      /* the host toasted it */
    } finally {
      setLoadingMore(false);
    }
  };

  const items = [...(data?.items ?? []), ...extra];
  let body;
  if (isLoading && !data) {
    body = (
      <ul className="news-list card" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="news-item skeleton-news">
            <span className="news-button">
              <span className="news-text">
                <span className="shimmer-line" style={{ width: '90%' }} />
                <span className="shimmer-line thin" style={{ width: '70%' }} />
                <span className="shimmer-line thin" style={{ width: '40%' }} />
              </span>
              <span className="news-thumb shimmer" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (error && !data) body = <ErrorState messageId="screen.loadError" onRetry={reload} />;
  else if (!items.length) body = <EmptyState messageId={spec.empty} />;
  else {
    body = (
      <ul className="news-list card" data-testid={`news-${spec.id ?? 'list'}`}>
        {items.map((item) => (
          <NewsCard key={item.id} item={item} onOpen={() => host.navigate(fillRoute(spec.to, item))} />
        ))}
      </ul>
    );
  }

  return (
    <section className="news-section">
      {spec.title && (
        <h3 className="section-title">
          <FormattedMessage id={spec.title} />
        </h3>
      )}
      <PullToRefresh onRefresh={reloadScreen}>{body}</PullToRefresh>
      {spec.paged && next?.hasMore && (
        <button type="button" className="btn btn-secondary btn-small load-more" disabled={loadingMore} onClick={() => void loadMore()}>
          <FormattedMessage id={loadingMore ? 'common.loading' : 'news.loadMore'} />
        </button>
      )}
      {spec.more && items.length > 0 && (
        <div className="more-link">
          <LinkButton link={{ variant: 'link', ...spec.more }} />
        </div>
      )}
    </section>
  );
}
