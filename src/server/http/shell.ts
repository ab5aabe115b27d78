/**
 * The HTML shell for every client route (issue 13: first paint). `index.html` already carries
 * the inline skeleton and critical CSS; per request this adds preloads for what the entry
 * route will ask for next, so the browser fetches them in parallel with the JS instead of one
 * after another:
 * - `<link rel="preload" as="fetch">` of the route's screen (`GET /api/ui/screens/<id>`),
 *   when a layout for it exists (route `/x` renders screen `x`; `/` goes to `home`);
 * - `<link rel="preload" as="fetch">` of the active locale's messages (`GET /api/ui/messages/<locale>`,
 *   issue 11: files plus texts published in the studio; the bundled chunks are the offline fallback).
 * - the account currency (issue 9) in `<meta name="nivesh-currency">`, which the client's money
 *   format reads at start.
 * The language comes from the `lang` cookie the client mirrors from local storage (default DE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, toLocale, toQueryLang, type LanguageCode } from '../../shared/lang.js';

/** Builds shell HTML; caches the file and the asset list by modification time. */
export class ShellRenderer {
  private cached: { stamp: string; html: string; locales: Map<string, string> } | null = null;

  constructor(
    private readonly clientDir: string,
    private readonly hasScreen: (id: string) => boolean,
    /** `ACCOUNT_CURRENCY` (issue 9): written into the `nivesh-currency` meta tag money is formatted by. */
    private readonly accountCurrency = 'EUR',
  ) {}

  /** Whether the client was built. */
  exists(): boolean {
    return fs.existsSync(path.join(this.clientDir, 'index.html'));
  }

  private load() {
    const file = path.join(this.clientDir, 'index.html');
    const stat = fs.statSync(file);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (this.cached?.stamp === stamp) return this.cached;
    const locales = new Map<string, string>();
    const assets = path.join(this.clientDir, 'assets');
    for (const name of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
      const match = /^([a-z]{2})\.json-[\w-]+\.js$/.exec(name);
      if (match) locales.set(match[1]!, `/assets/${name}`);
    }
    this.cached = { stamp, html: fs.readFileSync(file, 'utf8'), locales };
    return this.cached;
  }

  /**
   * The shell for `urlPath` (path only, no query) with preloads.
   * @param cookie the request's `Cookie` header (for `lang`).
   * @throws Error when the client is not built (check {@link exists} first).
   */
  render(urlPath: string, cookie: string | undefined): string {
    const html = this.load().html.replace('<meta name="nivesh-currency" content="EUR" />', `<meta name="nivesh-currency" content="${this.accountCurrency}" />`);
    const language = languageFromCookie(cookie);
    const links: string[] = [];
    const segment = urlPath === '/' ? 'home' : urlPath.slice(1);
    if (/^[A-Za-z0-9_-]+$/.test(segment) && this.hasScreen(segment)) {
      links.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/ui/screens/${segment}?lang=${toQueryLang(language)}">`);
    }
    links.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/ui/messages/${toLocale(language)}?format=ast">`);
    return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
  }
}

/** The `lang` cookie's language, or the default. */
export function languageFromCookie(cookie: string | undefined): LanguageCode {
  const value = /(?:^|;\s*)lang=([A-Za-z]{2})/.exec(cookie ?? '')?.[1]?.toUpperCase();
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as LanguageCode) : 'DE';
}
