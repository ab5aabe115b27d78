/**
 * `purse/*` (docs/product.md, Calls): `purse/getBalance` answers the available balance; and
 * `purse/getAssets` the drawer's total assets `{available, held, positions, total}` (
 * `positions` = market value of holdings) with the money picture of /position (invested,
 * current value, day's and total P/L with percentages, realized P/L). Currency units.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { portfolioSummary, positionsValueMinor } from '../domain/trading/views.js';
import { ASSETS, successSchema } from '../http/response-schemas.js';
import { userAssetsMinor, userBalanceMinor } from '../domain/wallet.js';
import { fromMinor } from '../../shared/money.js';

export function purseRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const user = callsWith(calls, 'user');
  user.query('purse/getBalance', undefined, async ({ auth }) => fromMinor(await userBalanceMinor(deps, auth!.userId, 'available')));
  user.query(
    'purse/getAssets',
    undefined,
    async ({ auth }) => {
      const [assets, summary] = await Promise.all([
        userAssetsMinor(deps, auth!.userId, () => positionsValueMinor(deps, market, auth!.userId)),
        portfolioSummary(deps, market, auth!.userId),
      ]);
      return { available: fromMinor(assets.availableMinor), held: fromMinor(assets.heldMinor), positions: fromMinor(assets.positionsMinor), total: fromMinor(assets.totalMinor), ...summary };
    },
    { options: successSchema(ASSETS) },
  );
}
