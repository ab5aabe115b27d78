/**
 * An article (/newsDetails, /corporationSelect): title, subtitle, meta line, hero
 * image, the server-sanitized HTML body and a list of facts (email, phone and web facts are
 * links), all bound to fields of a loaded object by the layout.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Globe, Mail, MapPin, Phone, ScrollText } from 'lucide-react';
import type { BlockProps } from '../../types';
import { readPath, useBlockData } from '../../data';
import { BrandMark } from '../../ui/BrandMark';
import { ErrorState } from '../../ui/ErrorState';
import type { ArticleBlockSpec } from './spec';
import { indiaDateTimeFormat } from '../../../src/shared/india-time';

const FACT_ICON = { email: Mail, phone: Phone, link: Globe, address: MapPin, text: ScrollText } as const;

export function ArticleBlock({ spec }: BlockProps<ArticleBlockSpec>) {
  const intl = useIntl();
  const { data, error, isLoading, reload } = useBlockData<Record<string, unknown>>(spec.id, spec.load);
  const text = (path?: string) => (path ? readPath(data, path) : undefined);
  if (isLoading && !data) {
    return (
      <article className="article card" aria-busy="true">
        <span className="shimmer-line" style={{ width: '85%', height: 24 }} />
        <span className="shimmer-line thin" style={{ width: '40%' }} />
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="shimmer-line thin" style={{ width: `${95 - i * 9}%` }} />
        ))}
      </article>
    );
  }
  if (error || !data) return <ErrorState messageId={spec.empty ?? 'screen.loadError'} onRetry={error?.code ? undefined : reload} />;
  const date = text(spec.fields.date);
  const source = text(spec.fields.source);
  const image = text(spec.fields.image);
  const meta = [
    typeof source === 'string' ? source : null,
    typeof date === 'number' ? indiaDateTimeFormat(intl.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date)) : null,
  ].filter(Boolean);
  return (
    <article className="article card" data-testid="article">
      {spec.logo && <BrandMark size={56} />}
      {typeof image === 'string' && image && <img className="article-image" src={image} alt="" />}
      <h2 className="article-title">{String(text(spec.fields.heading) ?? '')}</h2>
      {spec.fields.lead && <p className="article-subtitle">{String(text(spec.fields.lead) ?? '')}</p>}
      {(meta.length > 0 || text(spec.fields.demo) === true) && (
        <p className="article-meta">
          {text(spec.fields.demo) === true && (
            <span className="demo-badge">
              <FormattedMessage id="content.demo" />
            </span>
          )}
          {meta.join(' · ')}
        </p>
      )}
      {/* The server sanitizes this HTML (sanitize-html allow-list) before sending it. */}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: String(text(spec.fields.html) ?? '') }} />
      {spec.facts && (
        <dl className="facts">
          {spec.facts.map((fact) => {
            const value = String(text(fact.field) ?? '');
            if (!value) return null;
            const Icon = FACT_ICON[fact.kind ?? 'text'];
            const href = fact.kind === 'email' ? `mailto:${value}` : fact.kind === 'phone' ? `tel:${value.replace(/\s+/g, '')}` : fact.kind === 'link' && /^https:\/\//.test(value) ? value : null;
            return (
              <div key={fact.field} className="fact">
                <Icon size={18} aria-hidden="true" />
                <dt>
                  <FormattedMessage id={fact.label} />
                </dt>
                <dd>{href ? <a href={href} target={fact.kind === 'link' ? '_blank' : undefined} rel="noopener noreferrer">{value}</a> : value}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </article>
  );
}
