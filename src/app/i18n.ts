/**
 * Loads the active locale's messages. From `GET /api/ui/messages/<locale>?format=ast`
 * (ICU ASTs, as the build precompiles the bundled files: no parser in the browser) — the
 * built-in texts with those published in the studio on top — so a new label shows on the next
 * load without a rebuild. The answer is kept on the device (HTTP cache with ETag
 * revalidation, and the service worker's `nivesh-screens` cache); when the server cannot be
 * reached and nothing is cached, the bundled chunk of the locale file is the fallback.
 */
import type { Locale } from '../shared/lang';

const LOADERS: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
  hi: () => import('../../locales/hi.json'),
  zh: () => import('../../locales/zh.json'),
};

/**
 * Messages of a locale as ICU ASTs (react-intl's precompiled form; typed as strings for
 * IntlProvider): served, with published texts, or, failing that, bundled.
 */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  try {
    // Same URL and mode as the shell's preload, so the preloaded answer is used.
    const response = await fetch(`/api/ui/messages/${locale}?format=ast`, { headers: { accept: 'application/json' } });
    if (response.ok) return (await response.json()) as Record<string, string>;
  } catch {
    // offline without a cached copy: the bundled texts below
  }
  return (await LOADERS[locale]()).default;
}
