/**
 * Accounts: registration with an emailed code, login, logout, user info and password change.
 * Emails are compared in lower case.
 */
import type { Locale } from '../../shared/lang.js';
import { AppError } from './errors.js';
import { ERRORS } from '../../shared/codes.js';
import { secondFactorDue, verifySecondFactor } from './staff-totp.js';
import type { Deps } from './deps.js';
import { newId, newPublicUid } from './ids.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { consumeCaptcha, issueCaptcha, type CaptchaPurpose } from './captcha.js';
import { openSession, revokeSession, revokeUserSessions, type AuthUser } from './sessions.js';
import { assertStrongPassword } from './password-policy.js';
import { ACCOUNT_FREE_FAILURES, IP_FREE_FAILURES, accountKey, assertNotThrottled, clearFailures, ipKey, recordFailure } from './login-throttle.js';

/** What the client stores as `userinfo` and the drawer shows. */
export interface UserInfo {
  /** Short public identifier, e.g. `N4829137`. */
  uid: string;
  email: string;
  role: 'investor' | 'operator' | 'editor';
  /** Epoch milliseconds. */
  createdAt: number;
}

/** Result of register and login. */
export interface SessionGrant {
  token: string;
  userinfo: UserInfo;
}

/**
 * Roles that reach the back office (operators; editors where a branch adds them). Their mailed
 * codes never show in the demo outbox.
 */
export const isPrivilegedRole = (role: string): boolean => role !== 'investor';

/** Canonical form of an email address for storage and lookup. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

async function findByEmail(deps: Deps, email: string) {
  return deps.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/**
 * Sends a code to an email for registration or a password change, answering the same way
 * whether or not an account exists (no account enumeration): a registration request
 * for a registered email mails its owner a notice (no code) instead; a password-change request
 * for an unknown email mails nothing.
 * @throws AppError those of {@link issueCaptcha} (cooldown and hourly limits apply either way).
 */
export async function sendCaptchaByEmail(
  deps: Deps,
  input: { email: string; purpose: CaptchaPurpose; ip: string; locale: Locale },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const existing = await findByEmail(deps, email);
  if (input.purpose === 'changePassword' && !existing) return;
  if (input.purpose === 'register' && existing) {
    await issueCaptcha(deps, { ...input, email }, { subject: 'mail.registerExisting.subject', text: 'mail.registerExisting.text' });
    return;
  }
  await issueCaptcha(deps, { ...input, email });
}

/** Sends a password-change code to the logged-in user's own email. */
export async function sendOwnCaptcha(deps: Deps, userId: string, ip: string, locale: Locale): Promise<void> {
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  await issueCaptcha(deps, { email: user.email, purpose: 'changePassword', ip, locale });
}

/**
 * Creates an account and logs it in. The body was validated by `screens/register`; the
 * password must not be guessable ({@link assertStrongPassword}).
 * @throws AppError `validation` (weak password), `emailTaken`, or a captcha error from {@link consumeCaptcha}.
 */
export async function register(
  deps: Deps,
  input: { email: string; password: string; captcha: string },
  role: UserInfo['role'] = 'investor',
  locale: Locale = 'de',
): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  assertStrongPassword(deps, locale, 'password', input.password, email);
  // The code first: without it nobody learns whether the email is registered.
  await consumeCaptcha(deps, { email, purpose: 'register', code: input.captcha });
  if (await findByEmail(deps, email)) throw new AppError('emailTaken');
  const userId = await createUser(deps, { email, password: input.password, role });
  return { token: await openSession(deps, userId), userinfo: await getUserInfo(deps, userId) };
}

/**
 * Inserts a user (also used by seeding and `npm run user:create`).
 * @returns the new user's id.
 * @throws AppError `emailTaken` when the email is already registered.
 */
export async function createUser(deps: Deps, input: { email: string; password: string; role: UserInfo['role'] }): Promise<string> {
  const now = deps.clock.now();
  const id = newId();
  const passwordHash = await hashPassword(input.password, deps.config.passwordScryptN);
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.db
        .insertInto('users')
        .values({ id, uid: newPublicUid(), email: normalizeEmail(input.email), password_hash: passwordHash, role: input.role, created_at: now, password_changed_at: now })
        .execute();
      return id;
    } catch (error) {
      if (await findByEmail(deps, input.email)) throw new AppError('emailTaken');
      if (attempt >= 5) throw error; // not a uid collision
    }
  }
}

/**
 * Checks credentials and opens a session. Unknown email and wrong password answer the same
 * way and take the same time. Failures are throttled per account and per IP with growing
 * delays (`login-throttle.ts`); a success clears the account's failures.
 * Staff with an active second factor (`staff-totp.ts`) must also send `otp`: a code from their
 * authenticator or a recovery code; without it the answer is `secondFactorRequired` with a field
 * error on `otp` (the login form then shows the code field), a wrong code counts as a failure.
 * @param ip the client IP (throttling); scripts may leave it out.
 * @param locale the language of the `otp` field error.
 * @throws AppError `loginThrottled` (wait `seconds`), `invalidCredentials`,
 *   `secondFactorRequired`, `secondFactorInvalid`.
 */
export async function login(deps: Deps, input: { email: string; password: string; otp?: string }, ip = 'local', locale: Locale = 'de'): Promise<SessionGrant> {
  const email = normalizeEmail(input.email);
  await assertNotThrottled(deps, [accountKey(email), ipKey(ip)]);
  const user = await findByEmail(deps, email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? dummyHash(deps.config.passwordScryptN));
  if (!user || !ok) {
    await recordFailure(deps, accountKey(email), ACCOUNT_FREE_FAILURES);
    await recordFailure(deps, ipKey(ip), IP_FREE_FAILURES);
    throw new AppError('invalidCredentials');
  }
  if (await secondFactorDue(deps, user)) {
    const field = (name: 'secondFactorRequired' | 'secondFactorInvalid') =>
      new AppError(name, {}, { errors: [{ field: 'otp', message: deps.messages.format(locale, ERRORS[name].message) }] });
    if (!input.otp?.trim()) throw field('secondFactorRequired');
    if (!(await verifySecondFactor(deps, user.id, input.otp))) {
      await recordFailure(deps, accountKey(email), ACCOUNT_FREE_FAILURES);
      await recordFailure(deps, ipKey(ip), IP_FREE_FAILURES);
      throw field('secondFactorInvalid');
    }
  }
  await clearFailures(deps, accountKey(email));
  return { token: await openSession(deps, user.id), userinfo: toUserInfo(user) };
}

/** Ends the caller's session. */
export async function logout(deps: Deps, auth: AuthUser): Promise<void> {
  await revokeSession(deps, auth.sessionId);
}

/** The user's public profile. */
export async function getUserInfo(deps: Deps, userId: string): Promise<UserInfo> {
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return toUserInfo(user);
}

function toUserInfo(user: { uid: string; email: string; role: UserInfo['role']; created_at: number }): UserInfo {
  return { uid: user.uid, email: user.email, role: user.role, createdAt: user.created_at };
}

/**
 * Sets a new password after checking an emailed code. Every other session of the user ends;
 * the caller's own session (when logged in as that user) stays.
 * @throws AppError `validation` (weak new password), `captchaInvalid` (also for an unknown email), or another captcha error.
 */
export async function changePassword(
  deps: Deps,
  input: { email: string; captcha: string; newPassword: string },
  caller: AuthUser | null,
  locale: Locale = 'de',
): Promise<void> {
  const email = normalizeEmail(input.email);
  assertStrongPassword(deps, locale, 'newPassword', input.newPassword, email);
  const user = await findByEmail(deps, email);
  if (!user) throw new AppError('captchaInvalid');
  await consumeCaptcha(deps, { email, purpose: 'changePassword', code: input.captcha });
  await deps.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.newPassword, deps.config.passwordScryptN), password_changed_at: deps.clock.now() })
    .where('id', '=', user.id)
    .execute();
  const keep = caller && caller.userId === user.id ? caller.sessionId : undefined;
  await revokeUserSessions(deps, user.id, keep);
}
