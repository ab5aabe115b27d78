/**
 * The HTML shell for every client route (first paint). `index.html` already carries
 * the inline skeleton and critical CSS; per request this adds preloads for what the entry
 * route will ask for next, so the browser fetches them in parallel with the JS instead of one
 * after another:
 * - `<link rel="preload" as="fetch">` of the route's screen (`GET /api/ui/screens/<id>`),
 *   when a layout for it exists (route `/x` renders screen `x`; `/` goes to `home`);
 * - `<link rel="modulepreload">` of the chunks of the lazily loaded block kinds the screen shows
 *   at its first render (and their CSS; not those behind a `when` or in a later tab), from the
 *   build's `.vite/block-chunks.json`, plus `<meta name="nivesh-preload-kinds">` naming those
 *   kinds so the app loads them at start;
 * - `<link rel="preload" as="fetch">` of the active locale's messages (`GET /api/ui/messages/<locale>`,
 *   Files plus texts published in the studio; the bundled chunks are the offline fallback).
 * - the account currency in `<meta name="nivesh-currency">`, which the client's money
 *   format reads at start.
 * The language comes from the `lang` cookie the client mirrors from local storage (default DE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, toLocale, toQueryLang, type LanguageCode } from '../../shared/lang.js';
import { BLOCK_CHUNKS_FILE, type BlockChunkFiles } from '../../shared/block-chunks.js';

/** What the shell needs to know of the screens. */
export interface ShellScreens {
  /** Whether screen `id` has a layout. */
  has(id: string): boolean;
  /** The block kinds screen `id` shows at its first render (no `when`; a `tabs` block's first tab). */
  blockKinds(id: string): string[];
}

/** The build's kind → chunk files map (`scripts/build/block-chunks.ts`); empty for older builds. */
function readBlockChunks(clientDir: string): Record<string, BlockChunkFiles> {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, BLOCK_CHUNKS_FILE), 'utf8')) as Record<string, BlockChunkFiles>;
  } catch {
    return {};
  }
}

/** Builds shell HTML; caches the file and the asset list by modification time. */
export class ShellRenderer {
  private cached: { stamp: string; html: string; locales: Map<string, string>; blockChunks: Record<string, BlockChunkFiles> } | null = null;

  constructor(
    private readonly clientDir: string,
    private readonly screens: ShellScreens,
    /** `ACCOUNT_CURRENCY`: written into the `nivesh-currency` meta tag money is formatted by. */
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
    this.cached = { stamp, html: fs.readFileSync(file, 'utf8'), locales, blockChunks: readBlockChunks(this.clientDir) };
    return this.cached;
  }

  /**
   * The shell for `urlPath` (path only, no query) with preloads.
   * @param cookie the request's `Cookie` header (for `lang`).
   * @throws Error when the client is not built (check {@link exists} first).
   */
  render(urlPath: string, cookie: string | undefined): string {
    const { html: template, blockChunks } = this.load();
    const html = template.replace('<meta name="nivesh-currency" content="EUR" />', `<meta name="nivesh-currency" content="${this.accountCurrency}" />`);
    const language = languageFromCookie(cookie);
    const links: string[] = [];
    const segment = urlPath === '/' ? 'home' : urlPath.slice(1);
    if (/^[A-Za-z0-9_-]+$/.test(segment) && this.screens.has(segment)) {
      links.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/ui/screens/${segment}?lang=${toQueryLang(language)}">`);
      // The lazily loaded kinds of the screen's first render: their chunks now, and the kinds named so the app
      // evaluates them at start (`preloadBlockKinds`) — no skeleton that shifts when they arrive.
      const lazyKinds = this.screens.blockKinds(segment).filter((kind) => blockChunks[kind]);
      if (lazyKinds.length) {
        links.push(`<meta name="nivesh-preload-kinds" content="${lazyKinds.join(',')}">`);
        const js = new Set(lazyKinds.flatMap((kind) => blockChunks[kind]!.js));
        const css = new Set(lazyKinds.flatMap((kind) => blockChunks[kind]!.css));
        for (const file of css) links.push(`<link rel="preload" as="style" href="/${file}">`);
        // Low priority: the first paint (the inline skeleton) needs none of them, so they must not
        // compete with the CSS and the entry module for a phone's bandwidth; the first render,
        // which waits for them, starts after the entry module anyway.
        for (const file of js) links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
      }
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
