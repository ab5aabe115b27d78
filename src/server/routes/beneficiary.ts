/**
 * Deposit beneficiary calls: `pay/beneficiary` for investors (/pay, /payBalance),
 * `admin/beneficiary/get` and `admin/beneficiary/save` for operators (audited).
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { depositBeneficiary, readBeneficiary, saveBeneficiary, type Beneficiary } from '../domain/beneficiary.js';

export function beneficiaryRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'pay/beneficiary', effect: 'query', access: 'user', handle: () => depositBeneficiary(deps) });
  calls.define({ name: 'admin/beneficiary/get', effect: 'query', access: 'operator', handle: async () => (await readBeneficiary(deps)) ?? {} });
  calls.define<Beneficiary>({
    name: 'admin/beneficiary/save',
    effect: 'command',
    access: 'operator',
    body: 'screens/adminBeneficiary',
    handle: ({ auth, body }) => saveBeneficiary(deps, auth!.userId, body),
  });
}
