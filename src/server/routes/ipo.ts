/**
 * `ipo/*` and `admin/ipo/*` (SPEC.md §7 IPO; issue 9). Investors: `ipo/list`, `ipo/details`,
 * `ipo/purchase` (`Idempotency-Key`), `ipo/ipoRecord`. Operators (audited): `admin/ipo/save`,
 * `admin/ipo/list`, `admin/ipo/get` (the edit form), `admin/ipo/allot`, `admin/ipo/cancel`. Money in currency units.
 */
import type { CallRegistry } from '../http/calls.js';
import { idempotencyOf } from '../http/idempotency.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { adminGetIpo, adminListIpos, cancelIpo, saveIpo, type IpoInput } from '../domain/ipo/admin.js';
import { allotIpo } from '../domain/ipo/allot.js';
import { applyIpo, ipoDetails, listIpos, myApplications, quoteIpo } from '../domain/ipo/investor.js';
import type { ById, IpoListQuery, IpoPurchase, PageRequest } from '../../shared/generated/index.js';

export function ipoRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  calls.define<IpoListQuery>({ name: 'ipo/list', access: 'user', body: 'api/ipoList', handle: ({ body }) => listIpos(deps, body) });
  calls.define<ById>({ name: 'ipo/details', access: 'user', body: 'api/byId', handle: ({ auth, body }) => ipoDetails(deps, auth!.userId, body.id) });
  calls.define<IpoPurchase>({
    name: 'ipo/purchase',
    access: 'user',
    body: 'api/ipoPurchase',
    handle: ({ auth, body, request }) => applyIpo(deps, auth!.userId, body, idempotencyOf(request, 'ipo/purchase', body), market),
  });
  // Issue 9: the price × lots calculator (INR, EUR/INR rate, held amount in the account currency).
  calls.define<IpoPurchase>({ name: 'ipo/quote', access: 'user', body: 'api/ipoPurchase', handle: ({ body }) => quoteIpo(deps, market, body) });
  calls.define<PageRequest>({ name: 'ipo/ipoRecord', access: 'user', body: 'api/pageRequest', handle: ({ auth, body }) => myApplications(deps, auth!.userId, body) });

  calls.define<IpoInput>({ name: 'admin/ipo/save', access: 'operator', body: 'screens/adminIpo', handle: ({ auth, body }) => saveIpo(deps, auth!.userId, body) });
  calls.define<ById>({ name: 'admin/ipo/get', access: 'operator', body: 'api/byId', handle: ({ body }) => adminGetIpo(deps, body.id) });
  calls.define({ name: 'admin/ipo/list', access: 'operator', handle: () => adminListIpos(deps) });
  calls.define<ById>({ name: 'admin/ipo/allot', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => allotIpo(deps, body.id, deps.clock.now(), auth!.userId) });
  calls.define<ById>({ name: 'admin/ipo/cancel', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => cancelIpo(deps, auth!.userId, body.id) });
}
