/**
 * The trade-result dialog (docs/product.md, Routes): opened by an up/down purchase's success
 * action with the purchase response. Shows a countdown that decrements each second and stops
 * at zero, the stock name, the direction ('buy up' / 'buy down'), the purchase price, the
 * current price (live), the amount, and — once the server has settled the contract — the
 * actual profit or loss; 'continue trading' closes it.
 * The countdown runs on the device clock from the contract's duration, so a skewed phone
 * clock does not shorten or stretch it.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { Sheet } from '../ui/Sheet';
import { useHost } from '../host';
import { formatMoney } from '../../src/shared/format';
import { formatPrice } from '../formatters/market';
import { useLiveQuote } from '../market/useLiveQuote';
import type { QuoteView } from '../../src/shared/market';

/** The purchase response the dialog starts from (`order/purchase`, kind updown). */
export interface PurchasedContract {
  id: string;
  symbol: string;
  name: string;
  direction: number;
  amount: number;
  buyPrice: number;
  rate: number;
  boughtAt: number;
  expiresAt: number;
}

interface Settlement {
  status: 'open' | 'won' | 'lost' | 'void';
  settlePrice: number | null;
  profit: number | null;
}


export function TradeResultDialog({ data, onClose }: { data: unknown; onClose: () => void }) {
  const contract = data as PurchasedContract;
  const host = useHost();
  const intl = useIntl();
  const [openedAt] = useState(() => Date.now());
  const durationMs = contract.expiresAt - contract.boughtAt;
  const [remainingMs, setRemainingMs] = useState(durationMs);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const live = useLiveQuote(quote);

  useEffect(() => {
    void host.call<QuoteView>('markets/getMarket', { symbol: contract.symbol }, { silent: true, intent: 'load' }).then(setQuote, () => undefined);
  }, [host, contract.symbol]);

  // Countdown: whole seconds, once a second, stopping at zero.
  useEffect(() => {
    const timer = setInterval(() => {
      const left = Math.max(0, durationMs - (Date.now() - openedAt));
      setRemainingMs(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [durationMs, openedAt]);

  // After expiry, ask once a second until the server has settled it. The effect depends on
  // "expired" and "done" only: restarting it on every answer would poll without pause.
  const expired = remainingMs === 0;
  const done = settlement !== null && settlement.status !== 'open';
  useEffect(() => {
    if (!expired || done) return undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const detail = await host.call<Settlement>('order/contractDetail', { id: contract.id }, { silent: true, intent: 'load' });
        if (!stopped) setSettlement(detail);
        if (!stopped && detail.status === 'open') setTimeout(() => void poll(), 1000);
      } catch {
        if (!stopped) setTimeout(() => void poll(), 2000);
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [expired, done, host, contract.id]);

  const up = contract.direction === 1;
  const seconds = Math.ceil(remainingMs / 1000);
  const settled = settlement && settlement.status !== 'open' ? settlement : null;
  const current = live?.last ?? quote?.last;
  return (
    <Sheet open title={intl.formatMessage({ id: 'trade.resultTitle' })} onClose={onClose} testId="trade-result">
      <div className="trade-result">
        <div className={`countdown${seconds === 0 ? ' done' : ''}`} data-testid="countdown" aria-live="polite">
          <span className="countdown-value">{seconds}</span>
          <span className="countdown-unit">s</span>
        </div>
        <div className="trade-result-head">
          <strong data-testid="trade-name">{contract.name}</strong>
          <span className={`direction-pill ${up ? 'up' : 'down'}`} data-testid="trade-direction">
            {up ? <ArrowUpRight size={16} /> : <ArrowDownRight size={16} />}
            <FormattedMessage id={up ? 'trade.buyUp' : 'trade.buyDown'} />
          </span>
        </div>
        <dl className="detail-rows card trade-rows">
          <div className="detail-row"><dt><FormattedMessage id="trade.buyPrice" /></dt><dd data-testid="trade-buy-price">{formatPrice(contract.buyPrice)}</dd></div>
          <div className="detail-row"><dt><FormattedMessage id="trade.currentPrice" /></dt><dd data-testid="trade-current-price">{formatPrice(settled?.settlePrice ?? current)}</dd></div>
          <div className="detail-row"><dt><FormattedMessage id="trade.amount" /></dt><dd>{formatMoney(contract.amount)}</dd></div>
          <div className="detail-row">
            <dt><FormattedMessage id="trade.profitLoss" /></dt>
            <dd data-testid="trade-profit" className={settled ? (Number(settled.profit) > 0 ? 'pnl-up' : Number(settled.profit) < 0 ? 'pnl-down' : '') : ''}>
              {settled ? `${Number(settled.profit) > 0 ? '+' : ''}${formatMoney(Number(settled.profit))}` : seconds === 0 ? <FormattedMessage id="trade.settling" /> : '–'}
            </dd>
          </div>
        </dl>
        {settled && (
          <p className={`trade-outcome outcome-${settled.status}`} data-testid="trade-outcome">
            <FormattedMessage id={`trade.outcome.${settled.status}`} />
          </p>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="continue-trading">
          <FormattedMessage id="trade.continue" />
        </button>
      </div>
    </Sheet>
  );
}
