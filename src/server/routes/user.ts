/** `user/*` calls: codes, register, login, logout, user info, password change. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import * as users from '../domain/users.js';
import { IpBudget, type SharedBudget } from '../domain/login-throttle.js';
import type { CaptchaPurpose } from '../domain/captcha.js';
import type { RegisterForm, LoginForm, ChangePasswordForm, SendCaptchaByEmail } from '../../shared/generated/index.js';

/**
 * @param sharedBudget with several processes, the per-IP budget counted in Redis.
 */
export function userRoutes(calls: CallRegistry, deps: Deps, sharedBudget?: SharedBudget): void {
  // Login, register and changePassword share one per-IP budget (across
  // processes when Redis is configured).
  const budget = new IpBudget(deps, deps.config.loginPerIpPer15Min, undefined, sharedBudget);

  calls.define<SendCaptchaByEmail>({
    name: 'user/sendCaptchaByEmail',
    effect: 'command',
    access: 'public',
    body: 'api/sendCaptchaByEmail',
    handle: ({ body, ip, locale }) =>
      users.sendCaptchaByEmail(deps, { email: body.email, purpose: body.purpose as CaptchaPurpose, ip, locale }),
  });

  calls.define({
    name: 'user/sendCaptcha',
    effect: 'command',
    access: 'user',
    handle: ({ auth, ip, locale }) => users.sendOwnCaptcha(deps, auth!.userId, ip, locale),
  });

  calls.define<RegisterForm>({
    name: 'user/register',
    effect: 'command',
    access: 'public',
    body: 'screens/register',
    handle: async ({ body, ip, locale }) => {
      await budget.take(ip);
      return users.register(deps, body, 'investor', locale);
    },
  });

  calls.define<LoginForm>({
    name: 'user/login',
    effect: 'command',
    access: 'public',
    body: 'screens/login',
    handle: async ({ body, ip, locale }) => {
      await budget.take(ip);
      return users.login(deps, body, ip, locale);
    },
  });

  calls.define({
    name: 'user/logout',
    effect: 'command',
    access: 'user',
    beforeSecondFactor: true,
    handle: ({ auth }) => users.logout(deps, auth!),
  });

  calls.define({
    name: 'user/getUserInfo',
    effect: 'query',
    access: 'user',
    beforeSecondFactor: true,
    handle: ({ auth }) => users.getUserInfo(deps, auth!.userId),
  });

  calls.define<ChangePasswordForm>({
    name: 'user/changePassword',
    effect: 'command',
    access: 'optional',
    body: 'screens/ChangePassword',
    handle: async ({ body, auth, ip, locale }) => {
      await budget.take(ip);
      return users.changePassword(deps, body, auth, locale);
    },
  });
}
