/**
 * The one place money code asks whether a user's identity (KYC) is approved (issue 4:
 * withdrawals require approved identity when `WITHDRAWAL_REQUIRES_IDENTITY` is on).
 */
import type { Deps } from './deps.js';

/**
 * Whether the user's identity verification is approved.
 *
 * TODO(integrator, issue 3 identity): read the identity work's approval here, e.g.
 * `identity_submissions.status = 'approved'` for `user_id` (see `domain/identity/`). Until
 * wired this answers false, so withdrawals are refused with `identityRequired` whenever
 * `config.money.withdrawalRequiresIdentity` is on (tests turn the switch off).
 */
export async function isIdentityApproved(_deps: Deps, _userId: string): Promise<boolean> {
  return false;
}
