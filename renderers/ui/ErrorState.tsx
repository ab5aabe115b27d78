import { FormattedMessage } from 'react-intl';
import { RefreshCw } from 'lucide-react';

/** A failed load with a retry button. */
export function ErrorState({ messageId, onRetry }: { messageId: string; onRetry?: () => void }) {
  return (
    <div className="state-card" role="alert">
      <p><FormattedMessage id={messageId} /></p>
      {onRetry && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          <RefreshCw size={16} /> <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}
