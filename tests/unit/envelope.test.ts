import { describe, expect, it } from 'vitest';
import { ERRORS, NOT_LOGGED_IN_CODE, OK_CODE } from '../../src/shared/codes';
import { AppError } from '../../src/server/domain/errors';
import { localeFromQuery } from '../../src/shared/lang';

describe('error catalogue', () => {
  it('has unique codes, none equal to 200', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(OK_CODE);
  });

  it('maps every entry to an HTTP status of its class', () => {
    for (const entry of Object.values(ERRORS)) expect([400, 401, 403, 404, 409, 413, 429, 500]).toContain(entry.status);
  });

  it('reserves 501 for "not logged in" with HTTP 401', () => {
    expect(NOT_LOGGED_IN_CODE).toBe(501);
    const error = new AppError('notLoggedIn');
    expect([error.code, error.status, error.messageId]).toEqual([501, 401, 'error.notLoggedIn']);
  });

  it('carries ICU values and data', () => {
    const error = new AppError('captchaCooldown', { seconds: 42 }, { retryIn: 42 });
    expect(error.status).toBe(429);
    expect(error.values).toEqual({ seconds: 42 });
    expect(error.data).toEqual({ retryIn: 42 });
  });
});

describe('lang query', () => {
  it.each([
    ['zh_CN', 'zh'],
    ['zh-CN', 'zh'],
    ['en', 'en'],
    ['de', 'de'],
    ['hi', 'hi'],
    ['fr', 'de'],
    [undefined, 'de'],
  ])('%s → %s', (query, locale) => {
    expect(localeFromQuery(query)).toBe(locale);
  });
});
