/**
 * What the client keeps in local storage (docs/product.md, Routes): `token`, `lang` (DE, EN, ZH, HI) and
 * `userinfo` (JSON).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../shared/lang';

const KEY = { token: 'token', lang: 'lang', userinfo: 'userinfo' } as const;

export const getToken = (): string | null => localStorage.getItem(KEY.token);

/** Stores the session after login or registration. */
export function saveSession(token: string, userinfo: unknown): void {
  localStorage.setItem(KEY.token, token);
  localStorage.setItem(KEY.userinfo, JSON.stringify(userinfo ?? null));
}

/** Removes the session but keeps the language. */
export function clearSession(): void {
  localStorage.removeItem(KEY.token);
  localStorage.removeItem(KEY.userinfo);
}

/** The stored language code; German when unset or unknown. */
export function getLanguage(): LanguageCode {
  const stored = (localStorage.getItem(KEY.lang) ?? '').toUpperCase();
  return (LANGUAGES as readonly string[]).includes(stored) ? (stored as LanguageCode) : DEFAULT_LANGUAGE;
}

/** Stores the language, mirrored into the `lang` cookie so the server preloads its messages. */
export function setLanguage(code: LanguageCode): void {
  localStorage.setItem(KEY.lang, code);
  mirrorLanguageCookie(code);
}

/** Writes the `lang` cookie (read only by the HTML shell's preloads; never by the API). */
export function mirrorLanguageCookie(code: LanguageCode = getLanguage()): void {
  document.cookie = `lang=${code}; path=/; max-age=31536000; samesite=lax`;
}
