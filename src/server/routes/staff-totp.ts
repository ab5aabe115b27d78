/**
 * The staff second factor's calls (`domain/staff-totp.ts`): an operator's or editor's own
 * enrolment — `staff/totp/status`, `staff/totp/start` (a new secret and its QR code),
 * `staff/totp/confirm {code}` (activates it, answers the recovery codes once) — callable before
 * enrolment; and `admin/staff/resetTotp {uid}`, by which another operator removes someone's
 * authenticator (audited).
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import { confirmEnrolment, resetSecondFactor, startEnrolment, totpStatus } from '../domain/staff-totp.js';
import type { StaffUid, TotpCode } from '../../shared/generated/index.js';

export function staffTotpRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define({ name: 'staff/totp/status', effect: 'query', access: 'user', beforeSecondFactor: true, handle: ({ auth }) => totpStatus(deps, auth!.userId) });
  calls.define({ name: 'staff/totp/start', effect: 'command', access: 'user', beforeSecondFactor: true, handle: ({ auth }) => startEnrolment(deps, auth!.userId) });
  calls.define<TotpCode>({
    name: 'staff/totp/confirm',
    effect: 'command',
    access: 'user',
    beforeSecondFactor: true,
    body: 'api/totpCode',
    handle: ({ auth, body }) => confirmEnrolment(deps, auth!.userId, body.code),
  });
  calls.define<StaffUid>({
    name: 'admin/staff/resetTotp',
    effect: 'command',
    access: 'operator',
    body: 'api/staffUid',
    handle: ({ auth, body }) => resetSecondFactor(deps, auth!.userId, body.uid),
  });
}
