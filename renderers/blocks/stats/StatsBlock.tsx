/**
 * A grid of labelled figures from a loaded object (open, high, low, previous close,
 * 52-week range, volume, lot size…). With `live`, values of a quote follow the stream.
 */
import { FormattedMessage } from 'react-intl';
import type { BlockProps } from '../../types';
import type { QuoteView } from '../../../src/shared/market';
import { useFormat } from '../../formatters';
import { readPath, useBlockData } from '../../data';
import { useLiveQuote } from '../../market/useLiveQuote';
import { ErrorState } from '../../ui/ErrorState';
import type { StatsBlockSpec } from './spec';

export function StatsBlock({ spec }: BlockProps<StatsBlockSpec>) {
  const format = useFormat();
  const { data, error, isLoading, reload } = useBlockData<QuoteView>(spec.id, spec.load);
  const live = useLiveQuote(data && typeof data.symbol === 'string' ? data : null, spec.live !== false);
  const values = live ?? data;
  if (error && !data) return <ErrorState messageId="screen.loadError" onRetry={reload} error={error} />;
  return (
    <section className="stats-section">
      {spec.title && (
        <h2 className="section-title">
          <FormattedMessage id={spec.title} />
        </h2>
      )}
      <dl className="stats card" data-testid="stats" aria-busy={isLoading && !data}>
        {spec.items.map((item) => (
          <div key={item.field} className="stat">
            <dt>
              <FormattedMessage id={item.label} />
            </dt>
            <dd>{values ? format.value(readPath(values, item.field), item.format) || '–' : <span className="shimmer-line" style={{ width: 56 }} />}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
