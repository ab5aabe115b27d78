/**
 * Wallet reads over the ledger (DESIGN.md "Money is honest by construction"; SPEC.md §7
 * Wallet): the available balance (`purse/getBalance`) and total assets for the drawer
 * (`purse/getAssets`). Read from the cached balance row, which `postEntry` keeps equal to the
 * sum of the user's postings (the test invariants check it after every API test).
 */
import type { Deps } from './deps.js';
import { readWallet, type UserAccountKind } from './ledger/index.js';

export type { UserAccountKind } from './ledger/index.js';

/**
 * The user's balance on one account kind.
 * @returns integer minor units (cents); 0 when the user has no postings yet.
 */
export async function userBalanceMinor(deps: Deps, userId: string, kind: UserAccountKind = 'available'): Promise<number> {
  const wallet = await readWallet(deps.db, userId);
  return kind === 'available' ? wallet.availableMinor : wallet.heldMinor;
}

/** Total assets in minor units: available cash + held funds (+ positions once trading lands). */
export interface AssetsMinor {
  availableMinor: number;
  heldMinor: number;
  totalMinor: number;
}

/** The user's total assets (issue 4: the drawer's figure). */
export async function userAssetsMinor(deps: Deps, userId: string): Promise<AssetsMinor> {
  const { availableMinor, heldMinor } = await readWallet(deps.db, userId);
  return { availableMinor, heldMinor, totalMinor: availableMinor + heldMinor };
}
