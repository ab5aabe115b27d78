/**
 * A news list (/home, news pages): article cards from a paged call
 * (`{page, pageSize}` → `{items, total}`, through `usePagedCall`), newest first, with relative times, a 'Demo'
 * badge on sample content, 'load more' paging, skeletons, pull-to-refresh and an empty state.
 */
import { useCallback, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Newspaper } from 'lucide-react';
import type { BlockProps } from '../../types';
import { useHost } from '../../host';
import { fillRoute, usePagedCall, useReloadScreen } from '../../data';
import { useReloadable } from '../../scope';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LinkButton } from '../../ui/LinkButton';
import { PullToRefresh } from '../../ui/PullToRefresh';
import type { NewsListBlockSpec } from './spec';
import { indiaDateTimeFormat } from '../../../src/shared/india-time';
import { relativeTimeFormat } from '../../../src/shared/intl-cache';
import type { NewsItemView as NewsItem } from '../../../src/shared/news';

/** '5 min ago', 'yesterday', or a date for older items. */
export function relativeTime(epochMs: number, now: number, locale: string): string {
  const minutes = Math.round((now - epochMs) / 60_000);
  const rtf = relativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (minutes < 1) return rtf.format(0, 'minute');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  if (minutes < 24 * 60) return rtf.format(-Math.round(minutes / 60), 'hour');
  if (minutes < 7 * 24 * 60) return rtf.format(-Math.round(minutes / 1440), 'day');
  return indiaDateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(epochMs));
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

export function NewsListBlock({ spec }: BlockProps<NewsListBlockSpec>) {
  const host = useHost();
  const reloadScreen = useReloadScreen();
  // Pages through the one paged loader (`{page, pageSize}` → `{items, total}`); the page size
  // is the layout's `pageSize` param.
  const pageSize = Number(spec.load.params?.pageSize ?? 10); // news/list's default
  const { items: loaded, hasMore, loadMore, swr } = usePagedCall<NewsItem>(spec.load, pageSize);
  const { isLoading, error } = swr;
  const data = loaded;
  const { mutate } = swr;
  const reload = useCallback(() => void mutate(), [mutate]);
  const autoId = useId();
  useReloadable(spec.id ?? `auto${autoId}`, reload);
  const loadingMore = swr.isValidating && !isLoading;

  // A story may move to the next page while paging (newer ones arrive): show it once.
  const items = (loaded ?? []).filter((item, index, all) => all.findIndex((other) => other.id === item.id) === index);
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
  } else if (error && !data) body = <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
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
        <h2 className="section-title">
          <FormattedMessage id={spec.title} />
        </h2>
      )}
      <PullToRefresh onRefresh={reloadScreen}>{body}</PullToRefresh>
      {spec.paged && hasMore && (
        <button type="button" className="btn btn-secondary btn-small load-more" disabled={loadingMore} onClick={loadMore}>
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
