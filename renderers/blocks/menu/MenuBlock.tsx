import { FormattedMessage } from 'react-intl';
import { ChevronRight } from 'lucide-react';
import type { BlockProps } from '../../types';
import { Icon } from '../../icons';
import { useLinkHandler } from '../../ui/LinkButton';
import type { MenuBlockSpec } from './spec';

/** A grouped list of navigation rows (the /my menu, the drawer). */
export function MenuBlock({ spec }: BlockProps<MenuBlockSpec>) {
  const onTap = useLinkHandler();
  return (
    <section className="menu-section">
      {spec.title && <h2 className="section-title"><FormattedMessage id={spec.title} /></h2>}
      <ul className="menu card">
        {spec.items.map((item) => (
          <li key={item.label}>
            <button type="button" className={`menu-row${item.tone === 'danger' ? ' danger' : ''}`} onClick={() => onTap(item)}>
              <span className="menu-icon"><Icon name={item.icon} size={20} /></span>
              <span className="menu-label"><FormattedMessage id={item.label} /></span>
              {item.to && <ChevronRight size={18} className="menu-chevron" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
