/**
 * The list block: items from a call (a plain array, or pages `{items, total}` when `paged`),
 * skeleton while loading, empty state, tap-through links and per-item actions with an
 * optional confirmation.
 */
import { useContext, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRight } from 'lucide-react';
import useSWRInfinite from 'swr/infinite';
import type { BlockProps } from '../registry';
import type { Action, BlockSpec, Binding, LoadSpec } from '../types';
import { useCallData } from '../useCallData';
import { useQueryObject } from '../market/useRouteQuery';
import { bindTemplate, formatBinding, readPath } from '../formatters';
import { Icon } from '../icons';
import { useHost } from '../host';
import { ScopeContext, useReloadable } from '../scope';
import { runActions } from '../actions';
import { Skeleton } from '../ui/Skeleton';
import { EmptyState } from '../ui/EmptyState';
import { ErrorState } from '../ui/ErrorState';
import { Sheet } from '../ui/Sheet';

interface ItemAction {
  label: string;
  icon: string;
  call: string;
  params: Record<string, string>;
  confirm?: string;
  onSuccess?: Action[];
  /** Offered only on items whose `field` has one of the values (e.g. cancel a running plan only). */
  if?: { field: string; in: unknown[] };
}

/** A filter the user sets above the list; its value goes into the call's params. */
interface FilterSpec {
  param: string;
  label: string;
  /** `choice` (chips from `options`, plus "all") or `month` (YYYY-MM). */
  type: 'choice' | 'month';
  options?: Array<{ value: string; label: string }>;
}

interface ListSpec extends BlockSpec {
  title?: string;
  load: LoadSpec;
  filters?: FilterSpec[];
  /** Reload every this many milliseconds (live countdowns, P/L). */
  refreshMs?: number;
  paged?: { pageSize: number };
  item: { icon?: string; title: Binding; subtitle?: Binding[]; trailing?: Binding; link?: string };
  itemActions?: ItemAction[];
  empty: string;
}

type Item = Record<string, unknown>;
interface Page {
  items: Item[];
  total: number;
}

/** A trailing value's tone class: signed amounts up/down, statuses by name. */
function toneOf(binding: Binding, value: unknown): string {
  if (binding.format === 'signedMoney') return Number(value) >= 0 ? 'tone-up' : 'tone-down';
  if (binding.format === 'pnl') return Number(value) > 0 ? 'tone-up' : Number(value) < 0 ? 'tone-loss' : '';
  return `tone-${String(value)}`;
}

/** Items of a paged call, page by page ("load more"). */
function usePagedItems(spec: ListSpec, load: LoadSpec, enabled: boolean) {
  const host = useHost();
  const pageSize = spec.paged?.pageSize ?? 20;
  const query = useQueryObject();
  const params = bindTemplate(load.params ?? {}, { query }) as Record<string, unknown>;
  const swr = useSWRInfinite<Page>(
    (index, previous: Page | null) => (!enabled || (previous && previous.items.length < pageSize) ? null : ['page', load.call, JSON.stringify({ ...params, page: index + 1, pageSize })]),
    (key: [string, string, string]) => host.call<Page>(key[1], JSON.parse(key[2])),
    { revalidateOnFocus: false, revalidateFirstPage: true, refreshInterval: spec.refreshMs ?? 0 },
  );
  // Coming back to a screen shows fresh rows (e.g. after editing one), not the cached pages.
  const { mutate } = swr;
  useEffect(() => {
    if (enabled) void mutate();
  }, [enabled, mutate]);
  const pages = swr.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  return { items: swr.data ? items : undefined, hasMore: items.length < total, loadMore: () => void swr.setSize(swr.size + 1), swr };
}

export function ListBlock({ spec }: BlockProps<ListSpec>) {
  const intl = useIntl();
  const host = useHost();
  const scope = useContext(ScopeContext);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const load = { ...spec.load, params: { ...(spec.load.params ?? {}), ...filters } };
  const plain = useCallData<Item[]>(spec.paged ? null : load, { refreshMs: spec.refreshMs });
  const paged = usePagedItems(spec, load, Boolean(spec.paged));
  const reload = spec.paged ? () => void paged.swr.mutate() : plain.reload;
  useReloadable(spec.id, reload);
  const items = spec.paged ? paged.items : plain.data;
  const isLoading = spec.paged ? paged.swr.isLoading : plain.isLoading;
  const error = spec.paged ? paged.swr.error : plain.error;
  const [pending, setPending] = useState<{ action: ItemAction; item: Item } | null>(null);
  const [busy, setBusy] = useState(false);

  const perform = async (action: ItemAction, item: Item) => {
    setBusy(true);
    try {
      const response = await host.call(action.call, bindTemplate(action.params, item));
      setPending(null);
      await runActions(action.onSuccess, { host, scope, response });
    } catch {
      /* the host toasted the server's message */
    } finally {
      setBusy(false);
    }
  };

  const render = (binding: Binding, item: Item) => {
    const text = formatBinding(item, binding, intl);
    return binding.label ? `${intl.formatMessage({ id: binding.label })} ${text}` : text;
  };

  let body;
  if (isLoading && !items) body = <Skeleton rows={2} />;
  else if (error && !items) body = <ErrorState messageId="screen.loadError" onRetry={reload} />;
  else if (!items?.length) body = <EmptyState messageId={spec.empty} />;
  else {
    body = (
      <ul className="list card" data-testid={`list-${spec.id ?? 'items'}`}>
        {items.map((item, index) => {
          const link = spec.item.link ? String(bindTemplate(spec.item.link, item)) : null;
          const content = (
            <>
              {spec.item.icon && <span className="list-icon"><Icon name={spec.item.icon} size={20} /></span>}
              <div className="list-text">
                <strong>{render(spec.item.title, item)}</strong>
                {spec.item.subtitle && <span className="list-sub">{spec.item.subtitle.map((b) => render(b, item)).filter(Boolean).join(' · ')}</span>}
              </div>
              {spec.item.trailing && <span className={`list-trailing ${toneOf(spec.item.trailing, readPath(item, spec.item.trailing.field))}`}>{render(spec.item.trailing, item)}</span>}
            </>
          );
          return (
            <li key={String(item.id ?? index)} className="list-row" data-testid="list-row">
              {link ? (
                <button type="button" className="list-link" onClick={() => host.navigate(link)}>
                  {content}
                  <ChevronRight size={18} className="menu-chevron" aria-hidden="true" />
                </button>
              ) : (
                content
              )}
              {spec.itemActions?.filter((action) => !action.if || action.if.in.includes(readPath(item, action.if.field))).map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className="icon-button subtle"
                  aria-label={intl.formatMessage({ id: action.label })}
                  onClick={() => (action.confirm ? setPending({ action, item }) : void perform(action, item))}
                >
                  <Icon name={action.icon} size={19} />
                </button>
              ))}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="list-section">
      {spec.title && <h3 className="section-title"><FormattedMessage id={spec.title} /></h3>}
      {spec.filters && <Filters specs={spec.filters} values={filters} onChange={setFilters} />}
      {body}
      {spec.paged && paged.hasMore && (
        <button type="button" className="btn btn-link" onClick={paged.loadMore} disabled={paged.swr.isValidating}>
          <FormattedMessage id="common.loadMore" />
        </button>
      )}
      <Sheet open={pending !== null} title={pending?.action.confirm ? intl.formatMessage({ id: pending.action.confirm }) : ''} onClose={() => setPending(null)} testId="confirm-sheet">
        <div className="sheet-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setPending(null)}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn-primary btn-danger" disabled={busy} onClick={() => pending && void perform(pending.action, pending.item)}>
            {pending && <FormattedMessage id={pending.action.label} />}
          </button>
        </div>
      </Sheet>
    </section>
  );
}

/** Filter chips and month picker above a list. */
function Filters({ specs, values, onChange }: { specs: FilterSpec[]; values: Record<string, string>; onChange: (next: Record<string, string>) => void }) {
  const intl = useIntl();
  const set = (param: string, value: string | undefined) => {
    const next = { ...values };
    if (value) next[param] = value;
    else delete next[param];
    onChange(next);
  };
  return (
    <div className="filters">
      {specs.map((filter) =>
        filter.type === 'month' ? (
          <label key={filter.param} className="filter-month">
            <span>{intl.formatMessage({ id: filter.label })}</span>
            <input type="month" value={values[filter.param] ?? ''} onChange={(e) => set(filter.param, e.target.value || undefined)} data-testid={`filter-${filter.param}`} />
          </label>
        ) : (
          <div key={filter.param} className="chips" role="radiogroup" aria-label={intl.formatMessage({ id: filter.label })}>
            {[{ value: '', label: 'common.all' }, ...(filter.options ?? [])].map((option) => (
              <button
                key={option.value || 'all'}
                type="button"
                role="radio"
                aria-checked={(values[filter.param] ?? '') === option.value}
                className={`chip${(values[filter.param] ?? '') === option.value ? ' active' : ''}`}
                onClick={() => set(filter.param, option.value || undefined)}
              >
                {intl.formatMessage({ id: option.label })}
              </button>
            ))}
          </div>
        ),
      )}
    </div>
  );
}
