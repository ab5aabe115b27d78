/** Loads the active locale's messages (one chunk per locale). */
import type { Locale } from '../shared/lang';

const LOADERS: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
  hi: () => import('../../locales/hi.json'),
  zh: () => import('../../locales/zh.json'),
};

/** Messages of a locale. */
export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  return (await LOADERS[locale]()).default;
}
