/**
 * Emailed verification codes: 6 digits, valid 10 minutes, at most 5 attempts,
 * no new code for the same email within 60 s, limited per email and per IP per hour.
 * Codes are stored as salted SHA-256 hashes. Checks and updates are single conditional
 * statements, so two requests racing on one code cannot both use it.
 */
import type { Locale } from '../../shared/lang.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';
import { newCaptchaCode, newId, sha256 } from './ids.js';

export type CaptchaPurpose = 'register' | 'changePassword';

const HOUR_MS = 3_600_000;

/**
 * Issues a code and mails it.
 * @throws AppError `captchaCooldown` (within 60 s of the last code for this email),
 *   `rateLimited` (hourly limit per email or per IP reached).
 */
export async function issueCaptcha(
  deps: Deps,
  input: { email: string; purpose: CaptchaPurpose; ip: string; locale: Locale },
  /**
   * Message ids of the mail (default: the code mail). A registration request for a
   * registered email mails its owner a notice instead — the row still counts for cooldown and
   * limits, so both cases answer alike, but its code is never mailed.
   */
  mail: { subject: string; text: string } = { subject: 'mail.captcha.subject', text: 'mail.captcha.text' },
): Promise<void> {
  const { db, clock, config, messages } = deps;
  const now = clock.now();
  const last = await db
    .selectFrom('captchas')
    .select('created_at')
    .where('email', '=', input.email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && now - last.created_at < config.captcha.cooldownMs) {
    const seconds = Math.ceil((config.captcha.cooldownMs - (now - last.created_at)) / 1000);
    throw new AppError('captchaCooldown', { seconds });
  }
  const since = now - HOUR_MS;
  const [perEmail, perIp] = await Promise.all([
    db.selectFrom('captchas').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', input.email).where('created_at', '>', since).executeTakeFirstOrThrow(),
    db.selectFrom('captchas').select((eb) => eb.fn.countAll<number>().as('n')).where('ip', '=', input.ip).where('created_at', '>', since).executeTakeFirstOrThrow(),
  ]);
  if (Number(perEmail.n) >= config.captcha.perEmailPerHour || Number(perIp.n) >= config.captcha.perIpPerHour) {
    throw new AppError('rateLimited');
  }
  const id = newId();
  const code = newCaptchaCode();
  await db
    .insertInto('captchas')
    .values({
      id,
      email: input.email,
      purpose: input.purpose,
      code_hash: sha256(`${id}:${code}`),
      ip: input.ip,
      created_at: now,
      expires_at: now + config.captcha.ttlMs,
      attempts: 0,
      consumed_at: null,
    })
    .execute();
  const minutes = Math.round(config.captcha.ttlMs / 60_000);
  if (!config.smtpUrl) await logPrivilegedCode(deps, input.email, code);
  try {
    await deps.mailer.send({
      to: input.email,
      subject: messages.format(input.locale, mail.subject),
      text: messages.format(input.locale, mail.text, { code, minutes }),
    });
  } catch {
    // The code never reached the user: drop it so the cooldown does not block a retry.
    await db.deleteFrom('captchas').where('id', '=', id).execute();
    throw new AppError('mailFailed');
  }
}

/**
 * Checks and consumes the newest code for an email and purpose.
 * @throws AppError `captchaInvalid` (no code or wrong code), `captchaExpired`,
 *   `captchaAttempts` (5 wrong attempts used up).
 */
export async function consumeCaptcha(deps: Deps, input: { email: string; purpose: CaptchaPurpose; code: string }): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const row = await db
    .selectFrom('captchas')
    .selectAll()
    .where('email', '=', input.email)
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw new AppError('captchaInvalid');
  if (now >= row.expires_at) throw new AppError('captchaExpired');
  if (row.attempts >= config.captcha.maxAttempts) throw new AppError('captchaAttempts');
  if (sha256(`${row.id}:${input.code}`) !== row.code_hash) {
    const updated = await db
      .updateTable('captchas')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', config.captcha.maxAttempts)
      .executeTakeFirst();
    const left = config.captcha.maxAttempts - row.attempts - 1;
    if (Number(updated.numUpdatedRows) === 0 || left <= 0) throw new AppError('captchaAttempts');
    throw new AppError('captchaInvalid');
  }
  const consumed = await db
    .updateTable('captchas')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', config.captcha.maxAttempts)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new AppError('captchaInvalid');
}

/**
 * Demo mode (no SMTP): the demo outbox never shows an operator's or editor's mail,
 * so their codes are printed in the server log for whoever runs the server.
 */
async function logPrivilegedCode(deps: Deps, email: string, code: string): Promise<void> {
  const owner = await deps.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
  if (owner && owner.role !== 'investor') deps.log?.warn({ email, code }, `verification code for ${owner.role} ${email}: ${code}`);
}
