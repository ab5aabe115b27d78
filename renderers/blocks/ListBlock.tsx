import { useContext, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../registry';
import type { Action, BlockSpec, Binding, LoadSpec } from '../types';
import { useCallData } from '../useCallData';
import { formatValue, readPath } from '../formatters';
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
}

interface ListSpec extends BlockSpec {
  title?: string;
  load: LoadSpec;
  item: { icon?: string; title: Binding; subtitle?: Binding[]; trailing?: Binding };
  itemActions?: ItemAction[];
  empty: string;
}

type Item = Record<string, unknown>;

/** Fills `{field}` placeholders in action params from an item. */
function bindParams(params: Record<string, string>, item: Item): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, template]) => {
      const whole = /^\{([^}]+)\}$/.exec(template);
      return [key, whole ? readPath(item, whole[1]!) : template.replace(/\{([^}]+)\}/g, (_, path: string) => String(readPath(item, path) ?? ''))];
    }),
  );
}

/** A list loaded from a call: skeleton while loading, empty state, per-item actions. */
export function ListBlock({ spec }: BlockProps<ListSpec>) {
  const intl = useIntl();
  const host = useHost();
  const scope = useContext(ScopeContext);
  const { data, error, isLoading, reload } = useCallData<Item[]>(spec.load);
  useReloadable(spec.id, reload);
  const [pending, setPending] = useState<{ action: ItemAction; item: Item } | null>(null);
  const [busy, setBusy] = useState(false);

  const perform = async (action: ItemAction, item: Item) => {
    setBusy(true);
    try {
      const response = await host.call(action.call, bindParams(action.params, item));
      setPending(null);
      await runActions(action.onSuccess, { host, scope, response });
    } catch {
      /* the host toasted the server's message */
    } finally {
      setBusy(false);
    }
  };

  const render = (binding: Binding, item: Item) => {
    const text = formatValue(readPath(item, binding.field), binding.format, intl.locale);
    return binding.label ? `${intl.formatMessage({ id: binding.label })} ${text}` : text;
  };

  let body;
  if (isLoading && !data) body = <Skeleton rows={2} />;
  else if (error && !data) body = <ErrorState messageId="screen.loadError" onRetry={reload} />;
  else if (!data?.length) body = <EmptyState messageId={spec.empty} />;
  else {
    body = (
      <ul className="list card" data-testid={`list-${spec.id ?? 'items'}`}>
        {data.map((item, index) => (
          <li key={String(item.id ?? index)} className="list-row" data-testid="list-row">
            {spec.item.icon && <span className="list-icon"><Icon name={spec.item.icon} size={20} /></span>}
            <div className="list-text">
              <strong>{render(spec.item.title, item)}</strong>
              {spec.item.subtitle && <span className="list-sub">{spec.item.subtitle.map((b) => render(b, item)).filter(Boolean).join(' · ')}</span>}
            </div>
            {spec.item.trailing && <span className="list-trailing">{render(spec.item.trailing, item)}</span>}
            {spec.itemActions?.map((action) => (
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
        ))}
      </ul>
    );
  }

  return (
    <section className="list-section">
      {spec.title && <h3 className="section-title"><FormattedMessage id={spec.title} /></h3>}
      {body}
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
