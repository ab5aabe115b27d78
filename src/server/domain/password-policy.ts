/**
 * The server's password rule (OWASP ASVS 5.0 §6.2): 8–128 characters (schema),
 * and not a common, breached or otherwise guessable password (zxcvbn score ≥ 2, see
 * `shared/password-strength.ts`). Refusals are field errors (code 1000) like every other
 * validation failure.
 */
import type { Locale } from '../../shared/lang.js';
import { passwordStrength } from '../../shared/password-strength.js';
import { AppError } from './errors.js';
import type { Deps } from './deps.js';

/**
 * Refuses a guessable password.
 * @param field the form field named in the error (`password`, `newPassword`).
 * @param email the account's email; its parts count as guessable words.
 * @throws AppError `validation` (1000) with `data.errors: [{field, message}]`.
 */
export function assertStrongPassword(deps: Deps, locale: Locale, field: string, password: string, email: string): void {
  const local = email.split('@')[0] ?? '';
  const strength = passwordStrength(password, [email, local, 'nivesh']);
  if (!strength.tooWeak) return;
  const label = deps.messages.format(locale, `field.${field}`);
  const text = deps.messages.format(locale, 'validation.passwordWeak');
  const message = `${label}: ${text}`;
  throw new AppError('validation', { detail: message }, { errors: [{ field, message }] });
}
