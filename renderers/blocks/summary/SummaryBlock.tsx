import { FormattedMessage } from 'react-intl';
import type { BlockProps } from '../../types';
import { readPath, useBlockData, useCallData } from '../../data';
import { useFormat } from '../../formatters';
import { Icon } from '../../icons';
import { useLinkHandler } from '../../ui/LinkButton';
import type { SummaryBlockSpec } from './spec';

/** Account header: identifier, a headline figure (total assets) and quick links. */
export function SummaryBlock({ spec }: BlockProps<SummaryBlockSpec>) {
  const format = useFormat();
  const identity = useCallData(spec.identity);
  const figure = useBlockData(spec.id, spec.figure);
  const onTap = useLinkHandler();
  const id = identity.data ? String(readPath(identity.data, spec.identity.field) ?? '') : null;
  const secondary = identity.data && spec.identity.secondary ? String(readPath(identity.data, spec.identity.secondary) ?? '') : null;
  const value = figure.data !== undefined ? readPath(figure.data, spec.figure.field ?? '') : undefined;
  return (
    <section className="summary" data-testid="summary">
      <div className="summary-identity">
        <span className="avatar" aria-hidden="true">{id ? id.slice(-2) : ''}</span>
        <div>
          <div className="summary-id" data-testid="user-uid">{id ?? <span className="skeleton-inline" />}</div>
          {secondary && <div className="summary-secondary">{secondary}</div>}
        </div>
      </div>
      <div className="summary-figure">
        <span className="summary-label"><FormattedMessage id={spec.figure.label} /></span>
        <strong className="summary-value" data-testid="total-assets">
          {value !== undefined ? format.value(value, spec.figure.format) : <span className="skeleton-inline wide" />}
        </strong>
      </div>
      {spec.links && (
        <div className="summary-links">
          {spec.links.map((link) => (
            <button key={link.label} type="button" className="quick-link" onClick={() => onTap(link)}>
              <span className="quick-icon"><Icon name={link.icon} size={20} /></span>
              <FormattedMessage id={link.label} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
