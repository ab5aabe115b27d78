/**
 * The tab shell at / (docs/product.md, Routes): per-tab header icons, the tab's screen, the bottom tab bar
 * and the left drawer (profile icon, or a swipe from the left edge).
 */
import { useCallback, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { CircleUserRound, Search } from 'lucide-react';
import { Screen } from '../../../renderers/Screen';
import { Icon } from '../../../renderers/icons';
import { useHost } from '../../../renderers/host';
import { BrandMark } from '../../../renderers/ui/BrandMark';
import { TABS } from '../routes';
import { Drawer } from './Drawer';

/**
 * One tab of the shell. `preview` (the studio's phone preview): the same header and tab bar,
 * drawn without links or drawer so nothing navigates the studio away.
 */
export function TabShell({ tab, preview = false }: { tab: (typeof TABS)[number]; preview?: boolean }) {
  const intl = useIntl();
  const host = useHost();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const header = tab.header as readonly string[];

  return (
    <div
      className="tab-shell"
      onTouchStart={(event) => {
        const touch = event.touches[0]!;
        touchStart.current = touch.clientX < 24 ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const touch = event.changedTouches[0]!;
        if (start && touch.clientX - start.x > 60 && Math.abs(touch.clientY - start.y) < 50) setDrawerOpen(true);
        touchStart.current = null;
      }}
    >
      {header.length > 0 && (
        <header className="top-bar tab-bar-header">
          {header.includes('profile') ? (
            <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'header.profile' })} onClick={() => !preview && setDrawerOpen(true)} data-testid="open-drawer">
              <CircleUserRound size={24} />
            </button>
          ) : (
            <span className="icon-spacer" />
          )}
          <h1 className="top-bar-title">
            {tab.path === '/home' ? <span className="brand-title"><BrandMark size={26} /> Nivesh</span> : <FormattedMessage id={tab.label} />}
          </h1>
          {header.includes('search') ? (
            <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'header.search' })} onClick={() => !preview && host.navigate('/search')}>
              <Search size={22} />
            </button>
          ) : (
            <span className="icon-spacer" />
          )}
        </header>
      )}
      <main className="tab-body">
        <Screen key={tab.path} id={tab.path.slice(1)} embedded />
      </main>
      <nav className="tab-bar" aria-label="tabs">
        {TABS.map((item) =>
          preview ? (
            <span key={item.path} className={`tab${item.path === tab.path ? ' active' : ''}`} aria-current={item.path === tab.path ? 'page' : undefined}>
              <Icon name={item.icon} size={22} />
              <span><FormattedMessage id={item.label} /></span>
            </span>
          ) : (
            <NavLink key={item.path} to={item.path} replace className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
              <Icon name={item.icon} size={22} />
              <span><FormattedMessage id={item.label} /></span>
            </NavLink>
          ),
        )}
      </nav>
      {!preview && <Drawer open={drawerOpen} onClose={closeDrawer} />}
    </div>
  );
}
