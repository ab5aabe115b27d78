import { FormattedMessage } from 'react-intl';
import { Clock } from 'lucide-react';
import type { BlockProps } from '../../types';
import type { UnavailableBlockSpec } from './spec';

/** "Not available yet": for routes whose screens later releases deliver. Never fake data. */
export function UnavailableBlock({ spec }: BlockProps<UnavailableBlockSpec>) {
  return (
    <div className="state-card unavailable" data-testid="unavailable">
      <span className="state-icon"><Clock size={28} /></span>
      <h2><FormattedMessage id="unavailable.title" /></h2>
      <p><FormattedMessage id={spec.text ?? 'unavailable.text'} /></p>
    </div>
  );
}
