import { FormattedMessage } from 'react-intl';

/** Empty list illustration and text (an illustration only, no business behaviour). */
export function EmptyState({ messageId }: { messageId: string }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <svg width="88" height="64" viewBox="0 0 88 64" aria-hidden="true">
        <rect x="10" y="14" width="68" height="44" rx="10" fill="var(--surface-2)" />
        <rect x="20" y="6" width="48" height="12" rx="6" fill="var(--line)" />
        <rect x="22" y="30" width="30" height="6" rx="3" fill="var(--line)" />
        <rect x="22" y="42" width="44" height="6" rx="3" fill="var(--line)" />
      </svg>
      <p><FormattedMessage id={messageId} /></p>
    </div>
  );
}
