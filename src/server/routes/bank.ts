/** `bank/*` calls (docs/product.md, Calls): list, bind and unbind the caller's own accounts. */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import * as banks from '../domain/banks.js';
import type { BindBankForm, BankDelete } from '../../shared/generated/index.js';

export function bankRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  user.query('bank/get', undefined, ({ auth }) => banks.listBankAccounts(deps, auth!.userId));
  user.command<BindBankForm>('bank/addBank', 'screens/bindBank', ({ auth, body }) => banks.addBankAccount(deps, auth!.userId, body));
  user.command<BankDelete>('bank/deleteBank', 'api/bankDelete', ({ auth, body }) => banks.deleteBankAccount(deps, auth!.userId, body.id));
}
