/**
 * `ipo/*` and `admin/ipo/*` (docs/product.md, Calls). Investors: `ipo/list`, `ipo/details`,
 * `ipo/purchase` (a bid, `Idempotency-Key`), `ipo/quote`, `ipo/mandate/approve` (`Idempotency-Key`),
 * `ipo/mandate/reject`, `ipo/ipoRecord`. Operators (audited): `admin/ipo/save`,
 * `admin/ipo/list`, `admin/ipo/get` (the edit form), `admin/ipo/allot`, `admin/ipo/cancel`. Money in currency units.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { adminGetIpo, adminListIpos, cancelIpo, saveIpo, type IpoInput } from '../domain/ipo/admin.js';
import { allotIpo } from '../domain/ipo/allot.js';
import { applyIpo, decideMandate, ipoDetails, listIpos, lotsRefusal, myApplications, narrowLots, quoteIpo, type IpoDetailsView } from '../domain/ipo/investor.js';
import type { ById, IpoApplyForm, IpoListQuery, PageRequest } from '../../shared/generated/index.js';

export function ipoRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.query<IpoListQuery>('ipo/list', 'api/ipoList', ({ body }) => listIpos(deps, body));
  // The apply form's published lot bounds narrow each issue's (shown, refused, stated alike).
  const formLots = () => ({ min: calls.servedBound('ipoApply', 'lots', 'minimum'), max: calls.servedBound('ipoApply', 'lots', 'maximum') });
  user.query<ById>('ipo/details', 'api/byId', async ({ auth, body }): Promise<IpoDetailsView> => {
    const view = await ipoDetails(deps, auth!.userId, body.id);
    const lots = narrowLots({ min: view.minLots, max: view.maxLots }, formLots());
    return { ...view, minLots: lots.min, maxLots: lots.max };
  });
  // One schema per form: the apply form's; bad lots keep code 1702 with the lots the issue and the form accept.
  const refusals = { lots: (raw: Record<string, unknown>) => lotsRefusal(deps, raw.id, formLots()) };
  user.command<IpoApplyForm>('ipo/purchase', 'screens/ipoApply', ({ auth, body, idempotency }) => applyIpo(deps, auth!.userId, body, idempotency, market), {
    confirm: { quantityField: 'lots' },
    idempotent: true,
    refusals,
  });
  // the price × lots calculator of the same form (INR, EUR/INR rate, held amount in the account currency).
  user.query<IpoApplyForm>('ipo/quote', 'screens/ipoApply', ({ body }) => quoteIpo(deps, market, body), { refusals });
  // The UPI mandate of my pending application (`{id}` = the application): approving holds the
  // bid amount (a money command: confirmed on the sheet, `Idempotency-Key`); rejecting holds nothing.
  user.command<ById>('ipo/mandate/approve', 'api/byId', ({ auth, body, idempotency }) => decideMandate(deps, auth!.userId, body.id, 'approve', idempotency), {
    confirm: {},
    idempotent: true,
  });
  user.command<ById>('ipo/mandate/reject', 'api/byId', ({ auth, body }) => decideMandate(deps, auth!.userId, body.id, 'reject'));
  user.query<PageRequest>('ipo/ipoRecord', 'api/pageRequest', ({ auth, body }) => myApplications(deps, auth!.userId, body));

  operator.command<IpoInput>('admin/ipo/save', 'screens/adminIpo', ({ auth, body }) => saveIpo(deps, auth!.userId, body));
  operator.query<ById>('admin/ipo/get', 'api/byId', ({ body }) => adminGetIpo(deps, body.id));
  operator.query('admin/ipo/list', undefined, () => adminListIpos(deps));
  operator.command<ById>('admin/ipo/allot', 'api/byId', ({ auth, body }) => allotIpo(deps, body.id, deps.clock.now(), auth!.userId));
  operator.command<ById>('admin/ipo/cancel', 'api/byId', ({ auth, body }) => cancelIpo(deps, auth!.userId, body.id));
}
