/**
 * Tabs of blocks (e.g. the /home rankings — gainers, losers, most active): a
 * segmented control over child block lists; only the chosen tab's blocks are mounted, so only
 * their symbols stream. A tab with a `key` opens first when the route's `tab` query parameter
 * names it (a buy lands on /position?tab=holdings).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../../types';
import { useRenderer } from '../../registry-context';
import { useQueryObject } from '../../data';
import type { TabsBlockSpec } from './spec';

export function TabsBlock({ spec, schemas }: BlockProps<TabsBlockSpec>) {
  const intl = useIntl();
  const { renderBlock } = useRenderer();
  const wanted = useQueryObject().tab;
  const chosen = wanted === undefined ? -1 : spec.tabs.findIndex((t) => t.key === wanted);
  const [active, setActive] = useState(Math.max(0, chosen));
  // A kept-alive screen opened again with another `tab` switches to it.
  useEffect(() => {
    if (chosen >= 0) setActive(chosen);
  }, [chosen]);
  const tab = spec.tabs[active] ?? spec.tabs[0];
  return (
    <section className="tabs-block" data-testid={`tabs-${spec.id ?? 'block'}`}>
      {spec.title && (
        <h2 className="section-title">
          <FormattedMessage id={spec.title} />
        </h2>
      )}
      <div className="segmented" role="tablist" aria-label={spec.title ? intl.formatMessage({ id: spec.title }) : undefined}>
        {spec.tabs.map((t, i) => (
          <button key={t.label} type="button" role="tab" aria-selected={i === active} className={`segment${i === active ? ' active' : ''}`} onClick={() => setActive(i)}>
            <FormattedMessage id={t.label} />
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tabs-panel">
        {tab?.blocks.map((block, i) => renderBlock(block, schemas, `${active}-${block.kind}-${block.id ?? i}`))}
      </div>
    </section>
  );
}
