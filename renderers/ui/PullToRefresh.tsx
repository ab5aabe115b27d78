/**
 * Pull-to-refresh for lists: when the page is scrolled to the top, dragging down on
 * the wrapped content past a threshold shows a spinner and runs `onRefresh` (typically every
 * block of the screen reloads). Touch only; mouse and keyboard users have the retry buttons.
 */
import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { RefreshCw } from 'lucide-react';

const THRESHOLD = 64;
const MAX_PULL = 96;

export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown> | void; children: ReactNode }) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [busy, setBusy] = useState(false);

  const end = async () => {
    const distance = pull;
    start.current = null;
    setPull(0);
    if (distance >= THRESHOLD && !busy) {
      setBusy(true);
      try {
        await onRefresh();
      } finally {
        setBusy(false);
      }
    }
  };

  return (
    <div
      className="ptr"
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 ? event.touches[0]!.clientY : null;
      }}
      onTouchMove={(event) => {
        if (start.current === null) return;
        const distance = event.touches[0]!.clientY - start.current;
        setPull(distance > 0 ? Math.min(MAX_PULL, distance * 0.55) : 0);
      }}
      onTouchEnd={() => void end()}
      onTouchCancel={() => void end()}
    >
      <div className={`ptr-indicator${busy ? ' busy' : ''}`} style={{ height: busy ? 44 : pull }} aria-live="polite" data-testid="pull-to-refresh">
        {(pull > 8 || busy) && (
          <span className="ptr-label">
            <RefreshCw size={16} className={busy ? 'spin' : ''} style={{ transform: busy ? undefined : `rotate(${pull * 3}deg)` }} />
            <FormattedMessage id={busy ? 'common.loading' : 'common.pullToRefresh'} />
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
