/**
 * The staff second factor: operators and editors sign in with a TOTP authenticator (RFC 6238:
 * SHA-1, 6 digits, 30-second steps, one step of drift either way, through `otpauth`) or a
 * single-use recovery code. Required when `config.staffTotp` (always in production mode, in
 * demo mode with `STAFF_TOTP=required`); investors are never asked.
 *
 * - Enrolment: `startEnrolment` makes a secret (sealed with the identity key, shown as an
 *   `otpauth://` QR code until confirmed); `confirmEnrolment` checks a code from the app,
 *   activates it and answers ten recovery codes once (only their SHA-256 is stored).
 * - Sign-in: `checkSecondFactor` (from `user/login`) after the password; a code's time step is
 *   accepted once (replay), a recovery code once.
 * - Until a staff member has enrolled, their session may only enrol (`assertEnrolled`).
 * - Reset (`resetSecondFactor`): another operator removes the authenticator and its codes and
 *   ends the person's sessions; they enrol again at their next sign-in.
 * Enrolment, each use and each reset are audited (`totp.enrol`, `totp.use`, `totp.recovery`,
 * `totp.reset`).
 */
import { createHash, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/index.js';
import { writeAudit } from './audit.js';
import { decryptSecret, encryptSecret } from './identity/cipher.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import { newId } from './ids.js';
import { revokeUserSessions } from './sessions.js';

/** Seconds per TOTP step. */
const PERIOD = 30;
const DIGITS = 6;
/** Accepted drift in steps either way (a phone clock off by up to 30 s). */
const WINDOW = 1;
const ISSUER = 'Nivesh';
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Recovery code letters: no 0/o, 1/l/i. Four groups of four (≈ 79 bits). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Roles that sign in with a second factor. */
export const isStaffRole = (role: string): boolean => role === 'operator' || role === 'editor';

/** Where a staff member's enrolment stands. */
export type TotpState = 'none' | 'pending' | 'active';

/** Answer of `staff/totp/status` (and `staff/totp/start`). */
export interface TotpStatus {
  state: TotpState;
  /** Whether this server requires the second factor for staff. */
  required: boolean;
  /** While pending: the base32 secret in groups of four, for typing into the app. */
  secret: string | null;
  /** While pending: the `otpauth://totp/…` URI the QR code holds. */
  otpauthUri: string | null;
  /** While pending: the QR code of `otpauthUri` as an SVG data URL. */
  qr: string | null;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
}

/** Answer of `staff/totp/confirm`: the recovery codes, shown this once. */
export interface TotpEnrolled {
  state: 'active';
  recoveryCodes: string[];
  /** The same codes, one per line (for the result sheet). */
  recoveryCodesText: string;
}

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** A recovery code as typed, normalized: lower case, letters and digits only. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** The current code of a base32 secret at `timestamp` (epoch ms): for the demo seed's users and tests. */
export function totpCode(secretBase32: string, timestamp: number): string {
  return totpOf(secretBase32, 'x').generate({ timestamp });
}

async function userOf(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'uid', 'email', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
}

async function totpRow(db: Db, userId: string) {
  return db.selectFrom('staff_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

async function recoveryLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** @throws AppError `secondFactorStaffOnly` for investors. */
async function staffUser(deps: Deps, userId: string) {
  const user = await userOf(deps.db, userId);
  if (!isStaffRole(user.role)) throw new AppError('secondFactorStaffOnly');
  return user;
}

/**
 * `staff/totp/status`: the caller's enrolment; while pending also the secret and its QR code.
 * @throws AppError `secondFactorStaffOnly` for investors.
 */
export async function totpStatus(deps: Deps, userId: string): Promise<TotpStatus> {
  const user = await staffUser(deps, userId);
  const row = await totpRow(deps.db, userId);
  const base = { required: deps.config.staffTotp, recoveryCodesLeft: row?.status === 'active' ? await recoveryLeft(deps.db, userId) : 0 };
  if (!row || row.status === 'active') return { state: row ? 'active' : 'none', secret: null, otpauthUri: null, qr: null, ...base };
  const secret = decryptSecret(deps.identityKey, row.secret_sealed);
  const uri = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { state: 'pending', secret: secret.replace(/(.{4})(?=.)/g, '$1 '), otpauthUri: uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, ...base };
}

/**
 * `staff/totp/start`: a new secret for the caller (replacing an unconfirmed one), shown until
 * confirmed.
 * @throws AppError `secondFactorStaffOnly`, `secondFactorActive` (already enrolled: another
 *   operator resets it).
 */
export async function startEnrolment(deps: Deps, userId: string): Promise<TotpStatus> {
  await staffUser(deps, userId);
  const row = await totpRow(deps.db, userId);
  if (row?.status === 'active') throw new AppError('secondFactorActive');
  const sealed = encryptSecret(deps.identityKey, new Secret({ size: 20 }).base32);
  const now = deps.clock.now();
  await deps.db
    .insertInto('staff_totp')
    .values({ user_id: userId, secret_sealed: sealed, status: 'pending', created_at: now, activated_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_sealed: sealed, status: 'pending', created_at: now, activated_at: null, last_step: null }))
    .execute();
  return totpStatus(deps, userId);
}

/** The time step a code matches (within the window), or null. */
function matchStep(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Stores fresh recovery codes for a user (replacing any) and returns them. */
async function issueRecoveryCodes(trx: Db, userId: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('staff_recovery_codes')
    .values(codes.map((code) => ({ id: newId(), user_id: userId, code_hash: hashCode(normalizeRecovery(code)), created_at: now, used_at: null })))
    .execute();
  return codes;
}

/**
 * `staff/totp/confirm`: checks a code from the app against the pending secret, activates it
 * and answers the recovery codes (this once). Audited as `totp.enrol`.
 * @throws AppError `secondFactorStaffOnly`, `secondFactorActive`, `secondFactorNotStarted`,
 *   `secondFactorInvalid` (wrong code).
 */
export async function confirmEnrolment(deps: Deps, userId: string, code: string): Promise<TotpEnrolled> {
  await staffUser(deps, userId);
  const now = deps.clock.now();
  const codes = await deps.db.transaction().execute(async (trx) => {
    const row = await totpRow(trx, userId);
    if (!row) throw new AppError('secondFactorNotStarted');
    if (row.status === 'active') throw new AppError('secondFactorActive');
    const step = matchStep(decryptSecret(deps.identityKey, row.secret_sealed), code.trim(), now);
    if (step === null) throw new AppError('secondFactorInvalid');
    const updated = await trx
      .updateTable('staff_totp')
      .set({ status: 'active', activated_at: now, last_step: step })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('secondFactorActive');
    const issued = await issueRecoveryCodes(trx, userId, now);
    await writeAudit(trx, { actorUserId: userId, action: 'totp.enrol', entity: 'user', entityId: userId, before: { state: 'pending' }, after: { state: 'active', recoveryCodes: issued.length }, at: now });
    return issued;
  });
  return { state: 'active', recoveryCodes: codes, recoveryCodesText: codes.join('\n') };
}

/**
 * Whether a user's sign-in needs a second factor now: staff, with the second factor required
 * and enrolled. (Staff who have not enrolled sign in with their password to a session that may
 * only enrol: {@link assertEnrolled}.)
 */
export async function secondFactorDue(deps: Deps, user: { id: string; role: string }): Promise<boolean> {
  if (!deps.config.staffTotp || !isStaffRole(user.role)) return false;
  return (await totpRow(deps.db, user.id))?.status === 'active';
}

/**
 * Checks the second factor of a staff sign-in (after the password): a TOTP code whose time
 * step is newer than the last accepted one, or an unused recovery code (then used up).
 * Audited as `totp.use` / `totp.recovery`.
 * @returns whether the code was accepted; false for a wrong, replayed or used code.
 */
export async function verifySecondFactor(deps: Deps, userId: string, code: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await totpRow(trx, userId);
    if (row?.status !== 'active') return false;
    const typed = code.trim();
    if (/^[0-9]{6}$/.test(typed)) {
      const step = matchStep(decryptSecret(deps.identityKey, row.secret_sealed), typed, now);
      if (step === null || (row.last_step !== null && step <= Number(row.last_step))) return false;
      // Conditional: of two sign-ins with one code, one wins.
      const claimed = await trx
        .updateTable('staff_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await writeAudit(trx, { actorUserId: userId, action: 'totp.use', entity: 'user', entityId: userId, after: { step }, at: now });
      return true;
    }
    const used = await trx
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashCode(normalizeRecovery(typed)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await writeAudit(trx, { actorUserId: userId, action: 'totp.recovery', entity: 'user', entityId: userId, after: { recoveryCodesLeft: await recoveryLeft(trx, userId) }, at: now });
    return true;
  });
}

/**
 * Refuses staff who must enrol before anything else (second factor required, not active).
 * @throws AppError `secondFactorEnrolmentRequired`.
 */
export async function assertEnrolled(deps: Deps, user: { userId: string; role: string }): Promise<void> {
  if (!deps.config.staffTotp || !isStaffRole(user.role)) return;
  if ((await totpRow(deps.db, user.userId))?.status !== 'active') throw new AppError('secondFactorEnrolmentRequired');
}

/**
 * `admin/staff/resetTotp`: another operator removes a staff member's authenticator and
 * recovery codes and ends their sessions; audited as `totp.reset`.
 * @param uid the staff member's public uid.
 * @throws AppError `staffNotFound` (unknown uid or an investor), `ownItem` (one's own).
 */
export async function resetSecondFactor(deps: Deps, operatorId: string, uid: string): Promise<{ uid: string; state: TotpState }> {
  const target = await deps.db.selectFrom('users').select(['id', 'uid', 'role']).where('uid', '=', uid).executeTakeFirst();
  if (!target || !isStaffRole(target.role)) throw new AppError('staffNotFound');
  if (target.id === operatorId) throw new AppError('ownItem');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await totpRow(trx, target.id);
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('staff_totp').where('user_id', '=', target.id).execute();
    await writeAudit(trx, { actorUserId: operatorId, action: 'totp.reset', entity: 'user', entityId: target.id, before: { state: before?.status ?? 'none' }, after: { state: 'none' }, at: now });
  });
  await revokeUserSessions(deps, target.id);
  return { uid, state: 'none' };
}

/**
 * Installs an active authenticator with a known secret (the demo seed with
 * `STAFF_TOTP=required`, which writes the secret into `demo-credentials.json`). Does nothing
 * when the user already has an active one. Audited as `totp.enrol`.
 */
export async function installSecondFactor(deps: Deps, userId: string, secretBase32: string): Promise<void> {
  if ((await totpRow(deps.db, userId))?.status === 'active') return;
  const now = deps.clock.now();
  const sealed = encryptSecret(deps.identityKey, secretBase32);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
    await trx.insertInto('staff_totp').values({ user_id: userId, secret_sealed: sealed, status: 'active', created_at: now, activated_at: now, last_step: null }).execute();
    await writeAudit(trx, { actorUserId: userId, action: 'totp.enrol', entity: 'user', entityId: userId, after: { state: 'active', seeded: true }, at: now });
  });
}

/** A new random base32 secret (160 bits). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;
