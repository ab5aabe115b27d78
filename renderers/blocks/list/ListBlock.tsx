/**
 * The list block: items from a call (a plain array, or pages `{items, total}` when `paged`),
 * skeleton while loading, empty state, tap-through links and per-item actions with an
 * optional confirmation.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRight } from 'lucide-react';
import type { BlockProps, Binding } from '../../types';
import { bindTemplate, readPath } from '../../data';
import { useFormat } from '../../formatters';
import { Icon } from '../../icons';
import { useHost } from '../../host';
import { useReloadable } from '../../scope';
import { useRunActions } from '../../actions';
import { CommandSummary, useConfirmOf } from '../../ui/CommandConfirm';
import { Skeleton } from '../../ui/Skeleton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Sheet } from '../../ui/Sheet';
import type { ListBlockSpec } from './spec';
import { Filters } from './Filters';
import { useListItems, type Item } from './useListItems';

/** A per-item action (call with the item's fields; optional confirmation). */
type ItemAction = NonNullable<ListBlockSpec['itemActions']>[number];

/** A trailing value's tone class: signed amounts up/down, statuses by name. */
function toneOf(binding: Binding, value: unknown): string {
  if (binding.format === 'signedMoney') return Number(value) >= 0 ? 'tone-up' : 'tone-down';
  if (binding.format === 'pnl') return Number(value) > 0 ? 'tone-up' : Number(value) < 0 ? 'tone-loss' : '';
  return `tone-${String(value)}`;
}

/** Renders a list block. */
export function ListBlock({ spec }: BlockProps<ListBlockSpec>) {
  const intl = useIntl();
  const host = useHost();
  const format = useFormat();
  const run = useRunActions();
  const confirmOf = useConfirmOf();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { items, isLoading, error, reload, hasMore, loadMore, loadingMore } = useListItems(spec, filters);
  // Paged lists register here; plain ones through their data hook.
  useReloadable(spec.paged ? spec.id : undefined, reload);
  const [pending, setPending] = useState<{ action: ItemAction; item: Item } | null>(null);
  const [busy, setBusy] = useState(false);

  const perform = async (action: ItemAction, item: Item) => {
    setBusy(true);
    try {
      const response = await host.call(action.call, bindTemplate(action.params, item));
      setPending(null);
      await run(action.onSuccess, { response });
    } catch {
      /* the host toasted the server's message */
    } finally {
      setBusy(false);
    }
  };

  const render = (binding: Binding, item: Item) => {
    const text = format.binding(item, binding);
    // A labelled value the item lacks (e.g. a holding without a lock) shows nothing, not a bare label.
    return binding.label && text ? `${intl.formatMessage({ id: binding.label })} ${text}` : text;
  };

  let body;
  if (isLoading && !items) body = <Skeleton rows={2} />;
  else if (error && !items) body = <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
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
              {spec.item.trailing && <span className={`list-trailing ${toneOf(spec.item.trailing, readPath(item, spec.item.trailing.field))}${spec.item.trailing.format === 'status' || spec.item.trailing.field === 'status' ? ' is-status' : ''}`}>{render(spec.item.trailing, item)}</span>}
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
                  onClick={() => (action.confirm || confirmOf(action.call) ? setPending({ action, item }) : void perform(action, item))}
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

  // A declared confirmation replaces the layout's sheet text with the call's own name and amount.
  const pendingConfirm = pending ? confirmOf(pending.action.call) : undefined;
  return (
    <section className="list-section">
      {spec.title && <h2 className="section-title"><FormattedMessage id={spec.title} /></h2>}
      {spec.filters && <Filters specs={spec.filters} values={filters} onChange={setFilters} />}
      {body}
      {hasMore && (
        <button type="button" className="btn btn-link" onClick={loadMore} disabled={loadingMore}>
          <FormattedMessage id="common.loadMore" />
        </button>
      )}
      <Sheet open={pending !== null} title={pendingConfirm ? intl.formatMessage({ id: 'confirm.title' }) : pending?.action.confirm ? intl.formatMessage({ id: pending.action.confirm }) : ''} onClose={() => setPending(null)} testId="confirm-sheet">
        {pending && pendingConfirm && <CommandSummary call={pending.action.call} body={bindTemplate(pending.action.params, pending.item)} confirm={pendingConfirm} />}
        <div className="sheet-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setPending(null)}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn-primary btn-danger" disabled={busy} onClick={() => pending && void perform(pending.action, pending.item)}>
            {pending && <FormattedMessage id={pendingConfirm ? 'confirm.ok' : pending.action.label} />}
          </button>
        </div>
      </Sheet>
    </section>
  );
}
