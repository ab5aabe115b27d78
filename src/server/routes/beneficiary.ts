/**
 * Deposit beneficiary calls: `pay/beneficiary` for investors (/pay, /payBalance),
 * `admin/beneficiary/get` (the live beneficiary) for operators, and its four-eyes review:
 * `admin/beneficiary/save` proposes a change, `admin/beneficiary/pending` shows the waiting
 * one, `admin/beneficiary/approve` (a second operator) makes it live and
 * `admin/beneficiary/reject` drops it. Every step audited.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { depositBeneficiary, readBeneficiary, type Beneficiary } from '../domain/beneficiary.js';
import { approveBeneficiaryChange, pendingBeneficiary, proposeBeneficiary, rejectBeneficiaryChange } from '../domain/beneficiary-changes.js';
import type { ById, RejectWithReason } from '../../shared/generated/index.js';

export function beneficiaryRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'pay/beneficiary', effect: 'query', access: 'user', handle: () => depositBeneficiary(deps) });
  calls.define({ name: 'admin/beneficiary/get', effect: 'query', access: 'operator', handle: async () => (await readBeneficiary(deps)) ?? {} });
  calls.define<Beneficiary>({
    name: 'admin/beneficiary/save',
    effect: 'command',
    access: 'operator',
    body: 'screens/adminBeneficiary',
    handle: ({ auth, body }) => proposeBeneficiary(deps, auth!.userId, body),
  });
  calls.define({ name: 'admin/beneficiary/pending', effect: 'query', access: 'operator', handle: () => pendingBeneficiary(deps) });
  calls.define<ById>({
    name: 'admin/beneficiary/approve',
    effect: 'command',
    access: 'operator',
    body: 'api/byId',
    handle: ({ auth, body }) => approveBeneficiaryChange(deps, auth!.userId, body.id),
  });
  calls.define<RejectWithReason>({
    name: 'admin/beneficiary/reject',
    effect: 'command',
    access: 'operator',
    body: 'api/rejectWithReason',
    handle: ({ auth, body }) => rejectBeneficiaryChange(deps, auth!.userId, body.id, body.reason),
  });
}
