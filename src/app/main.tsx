/** Client entry: picks the stored language, loads its messages and mounts the app. */
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { intlTag, toLocale } from '../shared/lang';
import { warmIntl } from './warm-intl';
import { getLanguage, mirrorLanguageCookie } from './storage';
import { applyTheme } from '../../renderers/app/theme';
import { captureInstallPrompt } from '../../renderers/app/install';
import { registerServiceWorkerWhenSettled } from '../../renderers/app/service-worker';
import { loadMessages } from './i18n';
import { App } from './App';
import { setAccountCurrency } from '../shared/format';
import { BLOCK_DATA, preloadBlockKinds, REGISTRY } from '../../renderers/registry';
import { prefetchEntryRoute } from './prefetch';
import { preloadFonts } from './fonts';
import { loadCjkFaces, loadCjkFacesWhenShown } from '../../renderers/app/cjk-font';
import { markFirstRender } from '../../renderers/app/first-render';
// The app's own fonts (every phone draws the same glyphs): Noto Sans (Latin, Devanagari, …) and,
// for Chinese, Noto Sans SC, as variable fonts (one file per script subset for every weight). Each
// subset is an @font-face with its unicode-range, so a phone downloads only the subsets its texts
// use. Noto Sans SC's declarations are not in this render-blocking stylesheet: they load at start
// in Chinese and, in the other languages, with the language list that draws "中文" (renderers/app/cjk-font.ts).
import '@fontsource-variable/noto-sans/wght.css';
// Small faces of the same family for characters fontsource ships only inside a large subset
// (the rupee sign sits in the 165 KB latin-ext file), declared after its faces so they win
// (scripts/build/font-subsets.ts).
import 'nivesh-font-subsets/fonts.css';
import './styles.css';
import './theme.css';

// Money shows in the deployment's account currency (the server writes it into the page).
setAccountCurrency(document.querySelector('meta[name="nivesh-currency"]')?.getAttribute('content') ?? 'EUR');
const locale = toLocale(getLanguage());
// The faces the first screen draws, asked for now: otherwise each arrives after the first render
// and the page is laid out again (./fonts.ts). Chinese first loads Noto Sans SC's declarations.
const fontsDeclared = locale === 'zh' ? loadCjkFaces() : Promise.resolve();
void fontsDeclared.then(() => preloadFonts(locale));
// The lazy block kinds of the entry route's screen, named by the server's shell (which
// also preloads their chunks), load in parallel with the messages; the first render waits for
// both, so the first screen shows its blocks at once instead of skeletons that shift the page.
// The entry route's screen and its first calls start now too, not after the first render, and
// the first render waits for their answers (capped), so blocks appear with their data in place.
const entryData = prefetchEntryRoute(window.location, BLOCK_DATA);
const blocksReady = preloadBlockKinds(REGISTRY, (document.querySelector('meta[name="nivesh-preload-kinds"]')?.getAttribute('content') ?? '').split(',').filter(Boolean));
applyTheme();
captureInstallPrompt();
registerServiceWorkerWhenSettled();
mirrorLanguageCookie();
document.documentElement.lang = locale;
// Intl's first use for a locale (ICU's locale lists, the first formatters) costs tens of
// milliseconds on a slow phone; done now, in small tasks of their own while the messages and the block
// chunks are on the network, it is not part of the first render's long task (TBT).
warmIntl(intlTag(locale));
const [messages] = await Promise.all([loadMessages(locale), blocksReady, entryData, fontsDeclared]);

createRoot(document.getElementById('root')!).render(
  <IntlProvider locale={intlTag(locale)} messages={messages} defaultLocale="de-DE">
    <App />
  </IntlProvider>,
);
// Once the first render is painted, what waited for it (idle prefetches of block chunks) may start.
requestAnimationFrame(() => setTimeout(markFirstRender, 0));
// Chinese text from data (a banner, a news item) in another language's screens gets its face too.
if (locale !== 'zh') loadCjkFacesWhenShown();
