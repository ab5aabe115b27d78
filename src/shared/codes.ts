/**
 * The error catalogue (SPEC.md §8): every non-200 `code` an `/api` call can answer with, its
 * HTTP status class and the message id looked up in `locales/*.json` (ICU syntax, values
 * passed by the thrower). Code 501 is "not logged in or session invalid" (the client's
 * reload flow keys on it).
 */
export const ERRORS = {
  notLoggedIn: { code: 501, status: 401, message: 'error.notLoggedIn' },
  validation: { code: 1000, status: 400, message: 'error.validation' },
  unknownField: { code: 1001, status: 400, message: 'error.unknownField' },
  badRequest: { code: 1002, status: 400, message: 'error.badRequest' },
  invalidCredentials: { code: 1010, status: 401, message: 'error.invalidCredentials' },
  emailTaken: { code: 1011, status: 409, message: 'error.emailTaken' },
  captchaInvalid: { code: 1020, status: 400, message: 'error.captchaInvalid' },
  captchaExpired: { code: 1021, status: 400, message: 'error.captchaExpired' },
  captchaAttempts: { code: 1022, status: 400, message: 'error.captchaAttempts' },
  captchaCooldown: { code: 1023, status: 429, message: 'error.captchaCooldown' },
  rateLimited: { code: 1029, status: 429, message: 'error.rateLimited' },
  bankNotFound: { code: 1030, status: 404, message: 'error.bankNotFound' },
  bankDuplicate: { code: 1031, status: 409, message: 'error.bankDuplicate' },
  bankLimit: { code: 1032, status: 409, message: 'error.bankLimit' },
  forbidden: { code: 1040, status: 403, message: 'error.forbidden' },
  notFound: { code: 1044, status: 404, message: 'error.notFound' },
  screenNotFound: { code: 1045, status: 404, message: 'error.screenNotFound' },
  screenInvalid: { code: 1046, status: 500, message: 'error.screenInvalid' },
  mailFailed: { code: 1050, status: 500, message: 'error.mailFailed' },
  internal: { code: 1099, status: 500, message: 'error.internal' },
} as const;

export type ErrorName = keyof typeof ERRORS;

/** Success code of every envelope. */
export const OK_CODE = 200;
/** Not logged in / session invalid (SPEC.md §8). */
export const NOT_LOGGED_IN_CODE = ERRORS.notLoggedIn.code;

/** The `{code, message, data}` envelope every `/api` response carries. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
