/**
 * Where prices come from and whether the market is open: 'Simulated prices' (or
 * 'Recorded prices') whenever prices are not real, the NSE session state when the provider
 * follows the calendar, and a live dot showing the stream connection.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import type { BlockProps } from '../../types';
import type { MarketStatusView } from '../../../src/shared/market';
import { useCallData } from '../../data';
import { formatClock } from '../../formatters/market';
import { useStreamState } from '../../market/useLiveQuote';
import type { MarketStatusBlockSpec } from './spec';
import { indiaDateTimeFormat } from '../../../src/shared/india-time';

export function MarketStatusBlock({ spec }: BlockProps<MarketStatusBlockSpec>) {
  const intl = useIntl();
  const { data } = useCallData<MarketStatusView>({ call: spec.load?.call ?? 'markets/status' }, { silent: true, refreshMs: 60_000 });
  const stream = useStreamState();
  const live = stream === 'open';
  const session = !data
    ? null
    : !data.followsCalendar
      ? { id: 'market.openAlways', tone: 'open' }
      : data.open
        ? { id: 'market.open', tone: 'open' }
        : { id: 'market.closed', tone: 'closed' };
  return (
    <div className="market-status" data-testid="market-status">
      {data && !data.real && (
        <span className="sim-badge" data-testid="simulated-label">
          <FormattedMessage id={data.provider === 'replay' ? 'market.replayed' : 'app.simulated'} />
        </span>
      )}
      {session && (
        <span className={`session ${session.tone}`}>
          <span className={`live-dot ${live ? 'on' : stream === 'paused' || stream === 'idle' ? 'off' : 'wait'}`} data-testid="stream-state" data-state={stream} />
          <FormattedMessage id={session.id} />
          {data?.nextOpen && !data.open && (
            <span className="session-next">
              {' · '}
              <FormattedMessage id="market.opensAt" values={{ time: `${indiaDateTimeFormat(intl.locale, { weekday: 'short' }).format(new Date(data.nextOpen))} ${formatClock(data.nextOpen, intl.locale)}` }} />
            </span>
          )}
        </span>
      )}
    </div>
  );
}
