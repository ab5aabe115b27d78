/**
 * The staff second factor's calls (`domain/staff-totp.ts`): an operator's or editor's own
 * enrolment — `staff/totp/status`, `staff/totp/start` (a new secret and its QR code),
 * `staff/totp/confirm {code}` (activates it, answers the recovery codes once) — callable before
 * enrolment; and `admin/staff/resetTotp {uid}`, by which another operator removes someone's
 * authenticator (audited).
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import { confirmEnrolment, resetSecondFactor, startEnrolment, totpStatus } from '../domain/staff-totp.js';
import type { StaffUid, TotpCode } from '../../shared/generated/index.js';

export function staffTotpRoutes(calls: CallRegistry, deps: Deps): void {
  const user = callsWith(calls, 'user');
  const operator = callsWith(calls, 'operator');
  user.query('staff/totp/status', undefined, ({ auth }) => totpStatus(deps, auth!.userId), { beforeSecondFactor: true });
  user.command('staff/totp/start', undefined, ({ auth }) => startEnrolment(deps, auth!.userId), { beforeSecondFactor: true });
  user.command<TotpCode>('staff/totp/confirm', 'api/totpCode', ({ auth, body }) => confirmEnrolment(deps, auth!.userId, body.code), { beforeSecondFactor: true });
  operator.command<StaffUid>('admin/staff/resetTotp', 'api/staffUid', ({ auth, body }) => resetSecondFactor(deps, auth!.userId, body.uid));
}
