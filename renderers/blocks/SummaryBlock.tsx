import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../registry';
import type { BlockSpec, LinkSpec } from '../types';
import { useCallData } from '../useCallData';
import { formatValue, readPath } from '../formatters';
import { Icon } from '../icons';
import { useLinkHandler } from '../ui/LinkButton';
import { useReloadable } from '../scope';

interface SummarySpec extends BlockSpec {
  identity: { call: string; field: string; secondary?: string };
  figure: { call: string; field?: string; label: string; format: string };
  links?: LinkSpec[];
}

/** Account header: identifier, a headline figure (total assets) and quick links. */
export function SummaryBlock({ spec }: BlockProps<SummarySpec>) {
  const intl = useIntl();
  const identity = useCallData(spec.identity);
  const figure = useCallData(spec.figure);
  const onTap = useLinkHandler();
  useReloadable(spec.id, figure.reload);
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
          {value !== undefined ? formatValue(value, spec.figure.format, intl) : <span className="skeleton-inline wide" />}
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
