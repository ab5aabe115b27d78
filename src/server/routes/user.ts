/** `user/*` calls (issue 2 §2): codes, register, login, logout, user info, password change. */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import * as users from '../domain/users.js';
import type { CaptchaPurpose } from '../domain/captcha.js';
import type { RegisterForm, LoginForm, ChangePasswordForm, SendCaptchaByEmail } from '../../shared/generated/index.js';

export function userRoutes(calls: CallRegistry, deps: Deps): void {
  const loginLimit = {
    config: { rateLimit: { max: deps.config.loginPerIpPer15Min, timeWindow: 15 * 60_000 } },
  };

  calls.define<SendCaptchaByEmail>({
    name: 'user/sendCaptchaByEmail',
    access: 'public',
    body: 'api/sendCaptchaByEmail',
    handle: ({ body, ip, locale }) =>
      users.sendCaptchaByEmail(deps, { email: body.email, purpose: body.purpose as CaptchaPurpose, ip, locale }),
  });

  calls.define({
    name: 'user/sendCaptcha',
    access: 'user',
    handle: ({ auth, ip, locale }) => users.sendOwnCaptcha(deps, auth!.userId, ip, locale),
  });

  calls.define<RegisterForm>({
    name: 'user/register',
    access: 'public',
    body: 'screens/register',
    options: loginLimit,
    handle: ({ body }) => users.register(deps, body),
  });

  calls.define<LoginForm>({
    name: 'user/login',
    access: 'public',
    body: 'screens/login',
    options: loginLimit,
    handle: ({ body }) => users.login(deps, body),
  });

  calls.define({
    name: 'user/logout',
    access: 'user',
    handle: ({ auth }) => users.logout(deps, auth!),
  });

  calls.define({
    name: 'user/getUserInfo',
    access: 'user',
    handle: ({ auth }) => users.getUserInfo(deps, auth!.userId),
  });

  calls.define<ChangePasswordForm>({
    name: 'user/changePassword',
    access: 'optional',
    body: 'screens/ChangePassword',
    options: loginLimit,
    handle: ({ body, auth }) => users.changePassword(deps, body, auth),
  });
}
