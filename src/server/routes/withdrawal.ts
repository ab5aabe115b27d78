/**
 * `withdrawal/*` (docs/product.md, Calls): fee ratio and window, requesting a
 * withdrawal (with `Idempotency-Key`), the user's withdrawal records and one record's detail.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import { successSchema, WITHDRAWAL_RECEIPT } from '../http/response-schemas.js';
import type { Deps } from '../domain/deps.js';
import { getWithdrawal, listWithdrawals, requestWithdrawal } from '../domain/money/withdrawals.js';
import { withdrawalTerms, type WithdrawalTerms } from '../domain/money/windows.js';
import type { ById, PageRequest, WithdrawalRequest } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';
import { amountBoundRefusal } from './refusals.js';

export function withdrawalRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  // The least amount is the configured minimum or the published form's, whichever is higher.
  user.query('withdrawal/getServiceChargeProportion', undefined, (): WithdrawalTerms => {
    const terms = withdrawalTerms(deps);
    return { ...terms, minAmount: Math.max(terms.minAmount, calls.servedBound('withdrawal', 'amount', 'minimum') ?? 0) };
  });

  user.command<WithdrawalRequest>('withdrawal', 'screens/withdrawal', ({ auth, body, idempotency }) => requestWithdrawal(deps, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount', fee: { call: 'withdrawal/getServiceChargeProportion', field: 'proportion' } },
    idempotent: true,
    refusals: { amount: amountBoundRefusal },
    options: successSchema(WITHDRAWAL_RECEIPT),
  });

  user.query<PageRequest>('withdrawal/withdrawalList', 'api/pageRequest', async ({ auth, body, locale }) => labelPage(await listWithdrawals(deps, auth!.userId, body), (w) => withStatusLabel(deps, locale, w)));

  user.query<ById>('withdrawal/withdrawalDetails', 'api/byId', async ({ auth, body, locale }) => withStatusLabel(deps, locale, await getWithdrawal(deps, auth!.userId, body.id)));
}
