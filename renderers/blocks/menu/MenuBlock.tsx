import { FormattedMessage } from 'react-intl';
import { ChevronRight } from 'lucide-react';
import type { BlockProps } from '../../types';
import { Icon } from '../../icons';
import { useLinkHandler } from '../../ui/LinkButton';
import type { MenuBlockSpec } from './spec';

/**
 * A grouped list of navigation rows (the /my menu, the drawer); `style: "grid"` lays the
 * entries out as tiles, icon above label (the offerings on /home).
 */
export function MenuBlock({ spec }: BlockProps<MenuBlockSpec>) {
  const onTap = useLinkHandler();
  const grid = spec.style === 'grid';
  return (
    <section className="menu-section" data-testid={spec.id ? `menu-${spec.id}` : undefined}>
      {spec.title && <h2 className="section-title"><FormattedMessage id={spec.title} /></h2>}
      <ul className={`menu card${grid ? ' menu-grid' : ''}`}>
        {spec.items.map((item) => (
          <li key={item.label}>
            <button type="button" className={`menu-row${item.tone === 'danger' ? ' danger' : ''}`} onClick={() => onTap(item)}>
              <span className="menu-icon"><Icon name={item.icon} size={20} /></span>
              <span className="menu-label"><FormattedMessage id={item.label} /></span>
              {item.to && !grid && <ChevronRight size={18} className="menu-chevron" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
