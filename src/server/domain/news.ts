/**
 * News for readers (docs/product.md, Calls): published articles per language, paged, newest
 * first, with the article's HTML sanitized on the way in and again on the way out. The
 * operators' side (list, edit, save, delete; audited) is `news-admin.ts`.
 */
import type { Locale } from '../../shared/lang.js';
import type { NewsDetailView, NewsItemView, NewsPage } from '../../shared/news.js';
import type { Db } from '../db/index.js';
import type { NewsTable } from '../db/market-tables.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { sanitizeArticleHtml } from './html.js';

/** The list view of a stored article. */
export const newsItem = (row: NewsTable): NewsItemView => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  imageUrl: row.image_url,
  source: row.source,
  symbols: row.symbols ? row.symbols.split(',') : [],
  publishedAt: Number(row.published_at),
  demo: Number(row.demo) === 1,
});

/**
 * The detail view of a stored article (HTML sanitized again on the way out).
 * @param linkOrigins `CONTENT_LINK_ORIGINS`: the other origins its links may point to.
 */
export const newsDetail = (row: NewsTable, linkOrigins: readonly string[]): NewsDetailView => ({ ...newsItem(row), lang: row.lang, html: sanitizeArticleHtml(row.body_html, linkOrigins) });

/** News pages: `page` from 1, `pageSize` 1–50 (default 10). */
export function clampNewsPage(page = 1, pageSize = 10) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 10, 1), 50);
  return { page: Math.max(Math.trunc(page) || 1, 1), pageSize: size };
}

/** The language whose articles a reader gets: their own, or English when theirs has none. */
async function readableLang(db: Db, locale: Locale, now: number): Promise<string> {
  if (locale === 'en') return 'en';
  const any = await db.selectFrom('news').select('id').where('lang', '=', locale).where('status', '=', 'published').where('published_at', '<=', now).limit(1).executeTakeFirst();
  return any ? locale : 'en';
}

/** `news/list`: published articles in the reader's language (English when none), newest first. */
export async function listNews(deps: Deps, locale: Locale, input: { page?: number; pageSize?: number }): Promise<NewsPage<NewsItemView>> {
  const db = deps.db;
  const now = deps.clock.now();
  const { page, pageSize } = clampNewsPage(input.page, input.pageSize);
  const lang = await readableLang(db, locale, now);
  const base = db.selectFrom('news').where('lang', '=', lang).where('status', '=', 'published').where('published_at', '<=', now);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items: rows.map(newsItem), page, pageSize, total, hasMore: page * pageSize < total };
}

/**
 * `news/newsDetails`: one published article.
 * @throws AppError `newsNotFound` (unknown, draft or scheduled).
 */
export async function getNews(deps: Deps, id: string): Promise<NewsDetailView> {
  const row = await deps.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'published' || Number(row.published_at) > deps.clock.now()) throw new AppError('newsNotFound');
  return newsDetail(row, deps.config.contentLinkOrigins);
}
