/** `user/*` calls: codes, register, login, logout, user info, password change. */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import * as users from '../domain/users.js';
import { IpBudget, type SharedBudget } from '../domain/login-throttle.js';
import type { CaptchaPurpose } from '../domain/captcha.js';
import type { RegisterForm, LoginForm, ChangePasswordForm, SendCaptchaByEmail } from '../../shared/generated/index.js';

/**
 * @param sharedBudget with several processes, the per-IP budget counted in Redis.
 */
export function userRoutes(calls: CallRegistry, deps: Deps, sharedBudget?: SharedBudget): void {
  const open = callsWith(calls, 'public');
  const visitor = callsWith(calls, 'optional');
  const user = callsWith(calls, 'user');
  // Login, register and changePassword share one per-IP budget (across
  // processes when Redis is configured).
  const budget = new IpBudget(deps, deps.config.loginPerIpPer15Min, undefined, sharedBudget);

  open.command<SendCaptchaByEmail>('user/sendCaptchaByEmail', 'api/sendCaptchaByEmail', ({ body, ip, locale }) =>
    users.sendCaptchaByEmail(deps, { email: body.email, purpose: body.purpose as CaptchaPurpose, ip, locale }));

  user.command('user/sendCaptcha', undefined, ({ auth, ip, locale }) => users.sendOwnCaptcha(deps, auth!.userId, ip, locale));

  open.command<RegisterForm>('user/register', 'screens/register', async ({ body, ip, locale }) => {
    await budget.take(ip);
    return users.register(deps, body, 'investor', locale);
  });

  open.command<LoginForm>('user/login', 'screens/login', async ({ body, ip, locale }) => {
    await budget.take(ip);
    return users.login(deps, body, ip, locale);
  });

  user.command('user/logout', undefined, ({ auth }) => users.logout(deps, auth!), { beforeSecondFactor: true });

  user.query('user/getUserInfo', undefined, ({ auth }) => users.getUserInfo(deps, auth!.userId), { beforeSecondFactor: true });

  visitor.command<ChangePasswordForm>('user/changePassword', 'screens/ChangePassword', async ({ body, auth, ip, locale }) => {
    await budget.take(ip);
    return users.changePassword(deps, body, auth, locale);
  });
}
