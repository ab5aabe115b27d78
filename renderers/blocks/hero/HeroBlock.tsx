import { FormattedMessage } from 'react-intl';
import type { BlockProps } from '../../types';
import { BrandMark } from '../../ui/BrandMark';
import type { HeroBlockSpec } from './spec';

/** Heading with optional brand mark (landing, login, register). */
export function HeroBlock({ spec }: BlockProps<HeroBlockSpec>) {
  return (
    <section className={`hero hero-${spec.size ?? 'compact'}`}>
      {spec.logo && <BrandMark size={spec.size === 'large' ? 64 : 48} />}
      <h2 className="hero-title"><FormattedMessage id={spec.title} /></h2>
      {spec.subtitle && <p className="hero-subtitle"><FormattedMessage id={spec.subtitle} /></p>}
    </section>
  );
}
