/**
 * The offline state: while the browser is offline a banner says so; screens and
 * their data then come from the service worker's cache, and money-moving calls fail with
 * the network error instead of being queued.
 */
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** A banner shown only while `navigator.onLine` is false. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <FormattedMessage id="offline.banner" />
    </div>
  );
}
