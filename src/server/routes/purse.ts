/** `purse/getBalance` (SPEC.md §7 Wallet): the available balance in currency units. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { userBalanceMinor } from '../domain/wallet.js';
import { fromMinor } from '../../shared/money.js';

export function purseRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({
    name: 'purse/getBalance',
    access: 'user',
    handle: async ({ auth }) => fromMinor(await userBalanceMinor(deps, auth!.userId, 'available')),
  });
}
