/**
 * `pay/*` (docs/product.md, Deposits): the deposit window, reporting a deposit (with
 * `Idempotency-Key`), the user's deposit records and one record's detail.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { getDeposit, listDeposits, requestDeposit } from '../domain/money/deposits.js';
import { depositTerms } from '../domain/money/windows.js';
import type { ById, PageRequest, RechargeRequest } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function payRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'pay/getTime', effect: 'query', access: 'user', handle: () => depositTerms(deps) });

  calls.define<RechargeRequest>({
    name: 'pay/recharge',
    effect: 'command',
    confirm: { amountField: 'amount' },
    idempotent: true,
    access: 'user',
    body: 'screens/recharge',
    handle: ({ auth, body, idempotency }) => requestDeposit(deps, auth!.userId, body, idempotency),
  });

  calls.define<PageRequest>({
    name: 'pay/rechargeRecord',
    effect: 'query',
    access: 'user',
    body: 'api/pageRequest',
    handle: async ({ auth, body, locale }) => labelPage(await listDeposits(deps, auth!.userId, body), (d) => withStatusLabel(deps, locale, d)),
  });

  calls.define<ById>({
    name: 'pay/rechargeDetail',
    effect: 'query',
    access: 'user',
    body: 'api/byId',
    handle: async ({ auth, body, locale }) => withStatusLabel(deps, locale, await getDeposit(deps, auth!.userId, body.id)),
  });
}
