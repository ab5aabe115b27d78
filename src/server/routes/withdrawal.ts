/**
 * `withdrawal/*` (docs/product.md, Calls): fee ratio and window, requesting a
 * withdrawal (with `Idempotency-Key`), the user's withdrawal records and one record's detail.
 */
import type { CallRegistry } from '../http/calls.js';
import { successSchema, WITHDRAWAL_RECEIPT } from '../http/response-schemas.js';
import type { Deps } from '../domain/deps.js';
import { getWithdrawal, listWithdrawals, requestWithdrawal } from '../domain/money/withdrawals.js';
import { withdrawalTerms } from '../domain/money/windows.js';
import type { ById, PageRequest, WithdrawalRequest } from '../../shared/generated/index.js';
import { labelPage, withStatusLabel } from './money-labels.js';

export function withdrawalRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'withdrawal/getServiceChargeProportion', effect: 'query', access: 'user', handle: () => withdrawalTerms(deps) });

  calls.define<WithdrawalRequest>({
    name: 'withdrawal',
    effect: 'command',
    confirm: { amountField: 'amount', fee: { call: 'withdrawal/getServiceChargeProportion', field: 'proportion' } },
    idempotent: true,
    access: 'user',
    body: 'screens/withdrawal',
    options: successSchema(WITHDRAWAL_RECEIPT),
    handle: ({ auth, body, idempotency }) => requestWithdrawal(deps, auth!.userId, body, idempotency),
  });

  calls.define<PageRequest>({
    name: 'withdrawal/withdrawalList',
    effect: 'query',
    access: 'user',
    body: 'api/pageRequest',
    handle: async ({ auth, body, locale }) => labelPage(await listWithdrawals(deps, auth!.userId, body), (w) => withStatusLabel(deps, locale, w)),
  });

  calls.define<ById>({
    name: 'withdrawal/withdrawalDetails',
    effect: 'query',
    access: 'user',
    body: 'api/byId',
    handle: async ({ auth, body, locale }) => withStatusLabel(deps, locale, await getWithdrawal(deps, auth!.userId, body.id)),
  });
}
