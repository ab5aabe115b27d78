/**
 * The left drawer on tab screens (docs/product.md, Routes): the user's identifier, total assets
 * and its links — rendered from the `drawer` screen layout like any other screen.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Screen } from '../../../renderers/Screen';

export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  useEffect(() => onClose(), [location.pathname, onClose]);
  return (
    <div className={`drawer-root${open ? ' open' : ''}`} aria-hidden={!open}>
      <div className="drawer-backdrop" onClick={onClose} />
      <aside className="drawer" role="dialog" aria-modal="true" aria-label="menu" data-testid="drawer">
        {open && <Screen id="drawer" embedded />}
      </aside>
    </div>
  );
}
