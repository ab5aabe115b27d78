/**
 * `authentication/*` (docs/product.md, Calls) and the operator's `admin/authentication/*` desk.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { getIdentity, saveIdentity, updateIdentity, type IdentityInput } from '../domain/identity/submissions.js';
import { approveIdentity, identityDetail, listIdentitySubmissions, rejectIdentity, revealIdentityNumber } from '../domain/identity/review.js';
import type { ById, PageRequest, RejectWithReason } from '../../shared/generated/index.js';

export function identityRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.query('authentication/get', undefined, ({ auth }) => getIdentity(deps, auth!.userId));
  user.command<IdentityInput>('authentication/save', 'screens/realName', ({ auth, body }) => saveIdentity(deps, auth!.userId, body));
  user.command<IdentityInput>('authentication/update', 'screens/realName', ({ auth, body }) => updateIdentity(deps, auth!.userId, body));

  operator.query<PageRequest>('admin/authentication/list', 'api/pageRequest', ({ body }) => listIdentitySubmissions(deps, body.page ?? 1, body.pageSize ?? 20));
  operator.query<ById>('admin/authentication/detail', 'api/byId', ({ body }) => identityDetail(deps, body.id));
  operator.command<ById>('admin/authentication/reveal', 'api/byId', ({ auth, body }) => revealIdentityNumber(deps, auth!, body.id));
  operator.command<ById>('admin/authentication/approve', 'api/byId', ({ auth, body }) => approveIdentity(deps, auth!, body.id));
  operator.command<RejectWithReason>('admin/authentication/reject', 'api/rejectWithReason', ({ auth, body }) => rejectIdentity(deps, auth!, body.id, body.reason));
}
