/**
 * `pay/*` (docs/product.md, Deposits): the deposit window, reporting a deposit (with
 * `Idempotency-Key`), the user's deposit records and one record's detail.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { getDeposit, listDeposits, requestDeposit } from '../domain/money/deposits.js';
import { depositTerms } from '../domain/money/windows.js';
import type { ById, PageRequest, RechargeRequest } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function payRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  user.query('pay/getTime', undefined, () => depositTerms(deps));

  user.command<RechargeRequest>('pay/recharge', 'screens/recharge', ({ auth, body, idempotency }) => requestDeposit(deps, auth!.userId, body, idempotency), {
    confirm: { amountField: 'amount' },
    idempotent: true,
  });

  user.query<PageRequest>('pay/rechargeRecord', 'api/pageRequest', async ({ auth, body, locale }) => labelPage(await listDeposits(deps, auth!.userId, body), (d) => withStatusLabel(deps, locale, d)));

  user.query<ById>('pay/rechargeDetail', 'api/byId', async ({ auth, body, locale }) => withStatusLabel(deps, locale, await getDeposit(deps, auth!.userId, body.id)));
}
