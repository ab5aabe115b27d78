/**
 * `ipo/*` and `admin/ipo/*` (docs/product.md, Calls). Investors: `ipo/list`, `ipo/details`,
 * `ipo/purchase` (`Idempotency-Key`), `ipo/ipoRecord`. Operators (audited): `admin/ipo/save`,
 * `admin/ipo/list`, `admin/ipo/get` (the edit form), `admin/ipo/allot`, `admin/ipo/cancel`. Money in currency units.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { adminGetIpo, adminListIpos, cancelIpo, saveIpo, type IpoInput } from '../domain/ipo/admin.js';
import { allotIpo } from '../domain/ipo/allot.js';
import { applyIpo, ipoDetails, listIpos, lotsRefusal, myApplications, quoteIpo } from '../domain/ipo/investor.js';
import type { ById, IpoApplyForm, IpoListQuery, PageRequest } from '../../shared/generated/index.js';

export function ipoRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  calls.define<IpoListQuery>({ name: 'ipo/list', effect: 'query', access: 'user', body: 'api/ipoList', handle: ({ body }) => listIpos(deps, body) });
  calls.define<ById>({ name: 'ipo/details', effect: 'query', access: 'user', body: 'api/byId', handle: ({ auth, body }) => ipoDetails(deps, auth!.userId, body.id) });
  // One schema per form: the apply form's; bad lots keep code 1702 with the issue's bounds.
  const refusals = { lots: (raw: Record<string, unknown>) => lotsRefusal(deps, raw.id) };
  calls.define<IpoApplyForm>({
    name: 'ipo/purchase',
    effect: 'command',
    confirm: { quantityField: 'lots' },
    idempotent: true,
    access: 'user',
    body: 'screens/ipoApply',
    refusals,
    handle: ({ auth, body, idempotency }) => applyIpo(deps, auth!.userId, body, idempotency, market),
  });
  // the price × lots calculator of the same form (INR, EUR/INR rate, held amount in the account currency).
  calls.define<IpoApplyForm>({ name: 'ipo/quote', effect: 'query', access: 'user', body: 'screens/ipoApply', refusals, handle: ({ body }) => quoteIpo(deps, market, body) });
  calls.define<PageRequest>({ name: 'ipo/ipoRecord', effect: 'query', access: 'user', body: 'api/pageRequest', handle: ({ auth, body }) => myApplications(deps, auth!.userId, body) });

  calls.define<IpoInput>({ name: 'admin/ipo/save', effect: 'command', access: 'operator', body: 'screens/adminIpo', handle: ({ auth, body }) => saveIpo(deps, auth!.userId, body) });
  calls.define<ById>({ name: 'admin/ipo/get', effect: 'query', access: 'operator', body: 'api/byId', handle: ({ body }) => adminGetIpo(deps, body.id) });
  calls.define({ name: 'admin/ipo/list', effect: 'query', access: 'operator', handle: () => adminListIpos(deps) });
  calls.define<ById>({ name: 'admin/ipo/allot', effect: 'command', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => allotIpo(deps, body.id, deps.clock.now(), auth!.userId) });
  calls.define<ById>({ name: 'admin/ipo/cancel', effect: 'command', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => cancelIpo(deps, auth!.userId, body.id) });
}
