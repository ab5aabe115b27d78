/** `bank/*` calls (docs/product.md, Calls): list, bind and unbind the caller's own accounts. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import * as banks from '../domain/banks.js';
import type { BindBankForm, BankDelete } from '../../shared/generated/index.js';

export function bankRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({
    name: 'bank/get',
    effect: 'query',
    access: 'user',
    handle: ({ auth }) => banks.listBankAccounts(deps, auth!.userId),
  });
  calls.define<BindBankForm>({
    name: 'bank/addBank',
    effect: 'command',
    access: 'user',
    body: 'screens/bindBank',
    handle: ({ auth, body }) => banks.addBankAccount(deps, auth!.userId, body),
  });
  calls.define<BankDelete>({
    name: 'bank/deleteBank',
    effect: 'command',
    access: 'user',
    body: 'api/bankDelete',
    handle: ({ auth, body }) => banks.deleteBankAccount(deps, auth!.userId, body.id),
  });
}
