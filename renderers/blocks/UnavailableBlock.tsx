import { FormattedMessage } from 'react-intl';
import { Clock } from 'lucide-react';
import type { BlockProps } from '../registry';
import type { BlockSpec } from '../types';

/** "Not available yet": for routes whose screens later releases deliver. Never fake data. */
export function UnavailableBlock({ spec }: BlockProps<BlockSpec & { text?: string }>) {
  return (
    <div className="state-card unavailable" data-testid="unavailable">
      <span className="state-icon"><Clock size={28} /></span>
      <h2><FormattedMessage id="unavailable.title" /></h2>
      <p><FormattedMessage id={spec.text ?? 'unavailable.text'} /></p>
    </div>
  );
}
