/**
 * Deposit beneficiary calls: `pay/beneficiary` for investors (/pay, /payBalance),
 * `admin/beneficiary/get` (the live beneficiary) for operators, and its four-eyes review:
 * `admin/beneficiary/save` proposes a change, `admin/beneficiary/pending` shows the waiting
 * one, `admin/beneficiary/approve` (a second operator) makes it live and
 * `admin/beneficiary/reject` drops it. Every step audited.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { depositBeneficiary, readBeneficiary, type Beneficiary } from '../domain/beneficiary.js';
import { approveBeneficiaryChange, pendingBeneficiary, proposeBeneficiary, rejectBeneficiaryChange } from '../domain/beneficiary-changes.js';
import type { ById, RejectWithReason } from '../../shared/generated/index.js';

export function beneficiaryRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.query('pay/beneficiary', undefined, () => depositBeneficiary(deps));
  operator.query('admin/beneficiary/get', undefined, async () => (await readBeneficiary(deps)) ?? {});
  operator.command<Beneficiary>('admin/beneficiary/save', 'screens/adminBeneficiary', ({ auth, body }) => proposeBeneficiary(deps, auth!.userId, body));
  operator.query('admin/beneficiary/pending', undefined, () => pendingBeneficiary(deps));
  operator.command<ById>('admin/beneficiary/approve', 'api/byId', ({ auth, body }) => approveBeneficiaryChange(deps, auth!.userId, body.id));
  operator.command<RejectWithReason>('admin/beneficiary/reject', 'api/rejectWithReason', ({ auth, body }) => rejectBeneficiaryChange(deps, auth!.userId, body.id, body.reason));
}
