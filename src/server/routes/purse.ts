/**
 * `purse/*` (SPEC.md §7 Wallet): `purse/getBalance` answers the available balance; and
 * `purse/getAssets` the drawer's total assets `{available, held, total}` (issue 4). Currency units.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { userAssetsMinor, userBalanceMinor } from '../domain/wallet.js';
import { fromMinor } from '../../shared/money.js';

export function purseRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({
    name: 'purse/getBalance',
    access: 'user',
    handle: async ({ auth }) => fromMinor(await userBalanceMinor(deps, auth!.userId, 'available')),
  });
  calls.define({
    name: 'purse/getAssets',
    access: 'user',
    handle: async ({ auth }) => {
      const assets = await userAssetsMinor(deps, auth!.userId);
      return { available: fromMinor(assets.availableMinor), held: fromMinor(assets.heldMinor), total: fromMinor(assets.totalMinor) };
    },
  });
}
