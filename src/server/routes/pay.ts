/**
 * `pay/*` (docs/product.md, Deposits): the deposit window, the rupees to transfer for an amount
 * (`pay/quote`), reporting a deposit (with `Idempotency-Key`; it keeps the rupee amount and
 * rate), the user's deposit records and one record's detail.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { getDeposit, listDeposits, quoteDeposit, requestDeposit } from '../domain/money/deposits.js';
import type { Market } from '../market/index.js';
import { amountBoundRefusal, amountRefusal } from './refusals.js';
import { depositTerms, type DepositTerms } from '../domain/money/windows.js';
import type { ById, DepositQuoteRequest, PageRequest, RechargeRequest } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function payRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const user = callsWith(calls, 'user');
  // An institution transfer's least amount: the configured minimum or the published form's, whichever is higher.
  user.query('pay/getTime', undefined, (): DepositTerms => {
    const terms = depositTerms(deps);
    return { ...terms, institutionMinimum: Math.max(terms.institutionMinimum, calls.servedBound('recharge', 'amount', 'minimum') ?? 0) };
  });

  // The form's rupee line: what to transfer by UPI/IMPS for the amount at the current rate.
  user.query<DepositQuoteRequest>('pay/quote', 'api/depositQuote', ({ body }) => quoteDeposit(deps, market, body), {
    refusals: { amount: amountRefusal },
  });

  user.command<RechargeRequest>('pay/recharge', 'screens/recharge', ({ auth, body, idempotency }) => requestDeposit(deps, market, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount' },
    idempotent: true,
    refusals: { amount: amountBoundRefusal },
  });

  user.query<PageRequest>('pay/rechargeRecord', 'api/pageRequest', async ({ auth, body, locale }) => labelPage(await listDeposits(deps, auth!.userId, body), (d) => withStatusLabel(deps, locale, d)));

  user.query<ById>('pay/rechargeDetail', 'api/byId', async ({ auth, body, locale }) => withStatusLabel(deps, locale, await getDeposit(deps, auth!.userId, body.id)));
}
