/**
 * `authentication/*` (docs/product.md, Calls) and the operator's `admin/authentication/*` desk.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { getIdentity, saveIdentity, updateIdentity, type IdentityInput } from '../domain/identity/submissions.js';
import { approveIdentity, identityDetail, listIdentitySubmissions, rejectIdentity, revealIdentityNumber } from '../domain/identity/review.js';
import type { ById, PageRequest, RejectWithReason } from '../../shared/generated/index.js';

export function identityRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'authentication/get', effect: 'query', access: 'user', handle: ({ auth }) => getIdentity(deps, auth!.userId) });
  calls.define<IdentityInput>({
    name: 'authentication/save',
    effect: 'command',
    access: 'user',
    body: 'screens/realName',
    handle: ({ auth, body }) => saveIdentity(deps, auth!.userId, body),
  });
  calls.define<IdentityInput>({
    name: 'authentication/update',
    effect: 'command',
    access: 'user',
    body: 'screens/realName',
    handle: ({ auth, body }) => updateIdentity(deps, auth!.userId, body),
  });

  calls.define<PageRequest>({
    name: 'admin/authentication/list',
    effect: 'query',
    access: 'operator',
    body: 'api/pageRequest',
    handle: ({ body }) => listIdentitySubmissions(deps, body.page ?? 1, body.pageSize ?? 20),
  });
  calls.define<ById>({ name: 'admin/authentication/detail', effect: 'query', access: 'operator', body: 'api/byId', handle: ({ body }) => identityDetail(deps, body.id) });
  calls.define<ById>({
    name: 'admin/authentication/reveal',
    effect: 'command',
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body }) => revealIdentityNumber(deps, auth!, body.id),
  });
  calls.define<ById>({ name: 'admin/authentication/approve', effect: 'command', access: 'operator', body: 'api/byId', handle: ({ auth, body }) => approveIdentity(deps, auth!, body.id) });
  calls.define<RejectWithReason>({
    name: 'admin/authentication/reject',
    effect: 'command',
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body }) => rejectIdentity(deps, auth!, body.id, body.reason),
  });
}
