import { FormattedMessage } from 'react-intl';
import type { BlockProps } from '../../types';
import { Icon } from '../../icons';
import type { FeaturesBlockSpec } from './spec';

/** Icon + title + text rows that explain the product. */
export function FeaturesBlock({ spec }: BlockProps<FeaturesBlockSpec>) {
  return (
    <ul className="features card">
      {spec.items.map((item) => (
        <li key={item.title} className="feature">
          <span className="feature-icon"><Icon name={item.icon} size={22} /></span>
          <div>
            <strong><FormattedMessage id={item.title} /></strong>
            <p><FormattedMessage id={item.text} /></p>
          </div>
        </li>
      ))}
    </ul>
  );
}
