/**
 * A settler batch books one net `contract_settled` entry per investor: the legs of
 * each contract summed per account and kind, zero legs left out, every entry balanced.
 */
import { describe, expect, it } from 'vitest';
import { netSettlements } from '../../src/server/domain/trading/settle';
import type { Settlement } from '../../src/shared/trade';

const won = (stake: number, profit: number): Settlement => ({ outcome: 'won', profitMinor: profit, payoutMinor: stake + profit });
const lost = (stake: number): Settlement => ({ outcome: 'lost', profitMinor: -stake, payoutMinor: 0 });
const voided = (stake: number): Settlement => ({ outcome: 'void', profitMinor: 0, payoutMinor: stake });
const contract = (id: string, userId: string, stake: number, result: Settlement, entryId: string) =>
  ({ row: { id, user_id: userId, amount_minor: stake } as never, result, entryId });

describe('net settlement entries', () => {
  const batch = [
    contract('c1', 'u1', 1000, won(1000, 850), 'e1'),
    contract('c2', 'u2', 500, lost(500), 'e2'),
    contract('c3', 'u1', 2000, lost(2000), 'e1'),
    contract('c4', 'u1', 300, voided(300), 'e1'),
    contract('c5', 'u1', 400, won(400, 340), 'e1'),
  ];
  const [first, second] = netSettlements(batch);

  it('makes one entry per investor, referenced by the contract when it settles one', () => {
    expect(netSettlements(batch)).toHaveLength(2);
    expect(first).toMatchObject({ userId: 'u1', entryId: 'e1', reference: 'net:e1' });
    expect(second).toMatchObject({ userId: 'u2', entryId: 'e2', reference: 'c2' });
  });

  it('sums the legs per account and kind, and each entry balances', () => {
    const legs = (n: typeof first) => n!.legs.map((leg) => [('userId' in leg.account ? leg.account.kind : leg.account.house), leg.kind, leg.amountMinor]);
    expect(legs(first)).toEqual([
      ['held', 'contract_payout', -1400],
      ['available', 'contract_payout', 1400],
      ['trading_book', 'contract_profit', -1190],
      ['available', 'contract_profit', 1190],
      ['held', 'contract_loss', -2000],
      ['trading_book', 'contract_loss', 2000],
      ['held', 'contract_void', -300],
      ['available', 'contract_void', 300],
    ]);
    expect(legs(second)).toEqual([
      ['held', 'contract_loss', -500],
      ['trading_book', 'contract_loss', 500],
    ]);
    for (const n of [first!, second!]) expect(n.legs.reduce((sum, leg) => sum + leg.amountMinor, 0)).toBe(0);
    // What the investor gets back: stakes and profits of the wins, the void stake.
    const credited = first!.legs.filter((leg) => 'userId' in leg.account && leg.account.kind === 'available').reduce((sum, leg) => sum + leg.amountMinor, 0);
    expect(credited).toBe(won(1000, 850).payoutMinor + won(400, 340).payoutMinor + voided(300).payoutMinor);
  });

  it('books no profit legs for a win without profit (the rate rounds it to zero)', () => {
    const [only] = netSettlements([contract('c9', 'u3', 1, won(1, 0), 'e9')]);
    expect(only!.legs.map((leg) => leg.kind)).toEqual(['contract_payout', 'contract_payout']);
  });
});
