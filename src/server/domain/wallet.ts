/**
 * Wallet reads over the ledger (docs/product.md, Money; docs/product.md, Calls
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

/** Total assets in minor units: available cash + held funds + market value of holdings. */
export interface AssetsMinor {
  availableMinor: number;
  heldMinor: number;
  /** Market value of the user's stock holdings. */
  positionsMinor: number;
  totalMinor: number;
}

/**
 * The user's total assets (the drawer's figure, holdings included).
 * @param positionsValue the market value of the user's holdings in minor units (0 when absent).
 */
export async function userAssetsMinor(deps: Deps, userId: string, positionsValue?: () => Promise<number>): Promise<AssetsMinor> {
  const { availableMinor, heldMinor } = await readWallet(deps.db, userId);
  const positionsMinor = positionsValue ? await positionsValue() : 0;
  return { availableMinor, heldMinor, positionsMinor, totalMinor: availableMinor + heldMinor + positionsMinor };
}
