/**
 * A list of instruments with live prices (/market, /userMarket, rankings): loaded
 * from a call returning quotes, optionally sortable by chips, with loading skeleton rows,
 * pull-to-refresh and an empty state (with an optional action). Tapping a row opens `to`; an
 * `action` ("Buy" → the ticket /buy) is a button on every row of the given kinds.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { BlockProps } from '../../types';
import type { QuoteView } from '../../../src/shared/market';
import { useHost } from '../../host';
import { fillRoute, useBlockData, useReloadScreen } from '../../data';
import { latestQuote } from '../../market/liveQuotes';
import { QuoteRow, QuoteRowsSkeleton } from '../../market/QuoteRow';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LinkButton } from '../../ui/LinkButton';
import { PullToRefresh } from '../../ui/PullToRefresh';
import { useProgressiveCount } from '../../ui/useProgressiveCount';
import type { QuoteListBlockSpec } from './spec';

type SortKey = 'name' | 'last' | 'changePct' | 'volume';

/** Row kinds that get the row action when the layout names none: the tradable ones. */
const ACTION_KINDS: readonly string[] = ['equity', 'etf'];

/**
 * Rows rendered with the list's first paint (a phone screen holds about ten); the rest follow
 * one frame later: a whole market list in one render is a long task on a phone.
 */
export const FIRST_ROWS = 12;


const SORT_LABEL: Record<SortKey, string> = { name: 'market.sortName', last: 'market.sortPrice', changePct: 'market.sortChange', volume: 'market.sortVolume' };

export function QuoteListBlock({ spec }: BlockProps<QuoteListBlockSpec>) {
  const host = useHost();
  const intl = useIntl();
  const reloadScreen = useReloadScreen();
  const { data, error, isLoading, reload } = useBlockData<QuoteView[]>(spec.id, spec.load);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean } | null>(null);
  const compact = spec.style === 'compact';

  const rows = useMemo(() => {
    const list = [...(data ?? [])];
    if (sort) {
      // Sort by the freshest values at the moment of sorting; rows then stay put while prices tick.
      const value = (q: QuoteView) => {
        const live = latestQuote(q.symbol) ?? q;
        return sort.key === 'name' ? q.symbol : live[sort.key];
      };
      list.sort((a, b) => {
        const x = value(a);
        const y = value(b);
        const order = typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y);
        return sort.desc ? -order : order;
      });
    }
    return spec.limit ? list.slice(0, spec.limit) : list;
  }, [data, sort, spec.limit]);
  const shown = useProgressiveCount(rows.length, FIRST_ROWS);

  const loading = isLoading && !data;
  let body;
  if (loading) body = <QuoteRowsSkeleton rows={spec.limit ? Math.min(spec.limit, 6) : 6} compact={compact} />;
  else if (error && !data) body = <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
  else if (!rows.length) {
    body = (
      <div className="empty-with-action">
        <EmptyState messageId={spec.empty} />
        {spec.emptyAction && <LinkButton link={{ variant: 'secondary', ...spec.emptyAction }} />}
      </div>
    );
  } else {
    body = (
      <ul className="quote-list card" data-testid={`quotes-${spec.id ?? 'list'}`}>
        {rows.slice(0, shown).map((quote) => (
          <QuoteRow
            key={quote.symbol}
            quote={quote}
            compact={compact}
            onOpen={spec.to ? (q) => host.navigate(fillRoute(spec.to!, q)) : undefined}
            action={spec.action && (spec.action.kinds ?? ACTION_KINDS).includes(quote.kind) ? { label: intl.formatMessage({ id: spec.action.label }), onTap: (q) => host.navigate(fillRoute(spec.action!.to, q)) } : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="quote-list-section">
      {spec.title && (
        <h2 className="section-title">
          <FormattedMessage id={spec.title} />
        </h2>
      )}
      {/* The sort chips show (inert) while the rows load, so the list does not move down when they arrive. */}
      {spec.sort && (rows.length > 1 || loading) && (
        <div className="chips" role="group" data-testid="sort-chips">
          {spec.sort.map((key) => {
            const active = sort?.key === key;
            return (
              <button
                key={key}
                type="button"
                className={`chip${active ? ' active' : ''}`}
                aria-pressed={active}
                disabled={loading}
                onClick={() => setSort(active ? (sort!.desc === (key !== 'name') ? { key, desc: !sort!.desc } : null) : { key, desc: key !== 'name' })}
              >
                <FormattedMessage id={SORT_LABEL[key]} />
                {active && (sort!.desc ? <ArrowDown size={14} /> : <ArrowUp size={14} />)}
              </button>
            );
          })}
        </div>
      )}
      <PullToRefresh onRefresh={reloadScreen}>{body}</PullToRefresh>
      {spec.more && rows.length > 0 && (
        <div className="more-link">
          <LinkButton link={{ variant: 'link', ...spec.more }} />
        </div>
      )}
    </section>
  );
}
