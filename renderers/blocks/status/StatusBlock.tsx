/**
 * A status card: loads a record and shows the label, tone and text of its current state
 * (docs/product.md, Statuses), the reason when one is given, and a few detail rows.
 */
import { FormattedMessage } from 'react-intl';
import type { BlockProps } from '../../types';
import { readPath, useBlockData } from '../../data';
import { useFormat } from '../../formatters';
import { Icon } from '../../icons';
import { Skeleton } from '../../ui/Skeleton';
import { ErrorState } from '../../ui/ErrorState';
import type { StatusBlockSpec } from './spec';

export function StatusBlock({ spec }: BlockProps<StatusBlockSpec>) {
  const format = useFormat();
  const { data, error, isLoading, reload } = useBlockData<Record<string, unknown>>(spec.id, spec.load);
  if (isLoading && !data) return <Skeleton rows={2} />;
  if (error || !data) return <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
  const value = String(readPath(data, spec.field) ?? '');
  const state = spec.states[value];
  if (!state) return null;
  const reason = spec.reasonField ? readPath(data, spec.reasonField) : null;
  const rows = (spec.details ?? []).filter((b) => readPath(data, b.field) !== undefined && readPath(data, b.field) !== null);
  return (
    <section className={`status-card tone-${state.tone}`} data-testid="status-card" data-status={value}>
      <div className="status-head">
        <span className="status-icon"><Icon name={state.icon} size={22} /></span>
        <div>
          <strong className="status-label" data-testid="status-label"><FormattedMessage id={state.label} /></strong>
          {state.text && <p className="status-text"><FormattedMessage id={state.text} /></p>}
        </div>
      </div>
      {typeof reason === 'string' && reason && (
        <p className="status-reason" data-testid="status-reason">
          {spec.reasonLabel && <b><FormattedMessage id={spec.reasonLabel} />: </b>}
          {reason}
        </p>
      )}
      {rows.length > 0 && (
        <dl className="status-details">
          {rows.map((b) => (
            <div key={b.field}>
              <dt>{b.label && <FormattedMessage id={b.label} />}</dt>
              <dd>{format.binding(data, b)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
