/** Registers the money calls: deposits, withdrawals, bill flow, the operator desk and the deposit beneficiary. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { payRoutes } from './pay.js';
import { withdrawalRoutes } from './withdrawal.js';
import { billflowRoutes } from './billflow.js';
import { adminMoneyRoutes } from './admin-money.js';
import { beneficiaryRoutes } from './beneficiary.js';

export function moneyRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  payRoutes(calls, deps, market);
  withdrawalRoutes(calls, deps);
  billflowRoutes(calls, deps);
  adminMoneyRoutes(calls, deps);
  beneficiaryRoutes(calls, deps);
}
