/**
 * News (issue 5; SPEC.md §7 News): published articles per language, paged, newest first,
 * with the article's HTML sanitized on the way in and again on the way out. Operators create,
 * edit and delete articles; every change is written to the audit log in the same transaction.
 */
import type { Locale } from '../../shared/lang.js';
import type { Page } from '../../shared/page.js';
import type { Db } from '../db/index.js';
import { type NewsTable } from '../db/market-tables.js';
import { writeAudit } from './audit.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { htmlToText, isSafeImageUrl, sanitizeArticleHtml } from './html.js';
import { newId } from './ids.js';

/** A news list item. */
export interface NewsItemView {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  source: string | null;
  /** Related symbols, e.g. `["RELIANCE"]`. */
  symbols: string[];
  /** Epoch ms. */
  publishedAt: number;
  /** Demo-mode sample content. */
  demo: boolean;
}

/** `news/newsDetails`: an article with sanitized HTML. */
export interface NewsDetailView extends NewsItemView {
  lang: string;
  html: string;
}

/** One page of news, with whether another page follows. */
export type NewsPage<T> = Page<T> & { hasMore: boolean };

/** An article as operators see and edit it. */
export interface NewsAdminView extends NewsDetailView {
  status: 'draft' | 'published';
  updatedAt: number;
}

/** Input of `admin/news/save` (validated by `schemas/api/adminNewsSave.schema.json`). */
export interface NewsInput {
  id?: string;
  lang: Locale;
  title: string;
  summary?: string;
  bodyHtml: string;
  imageUrl?: string | null;
  source?: string | null;
  symbols?: string[];
  status: 'draft' | 'published';
  /** Epoch ms; default now. */
  publishedAt?: number;
}

const item = (row: NewsTable): NewsItemView => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  imageUrl: row.image_url,
  source: row.source,
  symbols: row.symbols ? row.symbols.split(',') : [],
  publishedAt: Number(row.published_at),
  demo: Number(row.demo) === 1,
});

const detail = (row: NewsTable): NewsDetailView => ({ ...item(row), lang: row.lang, html: sanitizeArticleHtml(row.body_html) });

function clampPage(page = 1, pageSize = 10) {
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
  const { page, pageSize } = clampPage(input.page, input.pageSize);
  const lang = await readableLang(db, locale, now);
  const base = db.selectFrom('news').where('lang', '=', lang).where('status', '=', 'published').where('published_at', '<=', now);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items: rows.map(item), page, pageSize, total, hasMore: page * pageSize < total };
}

/**
 * `news/newsDetails`: one published article.
 * @throws AppError `newsNotFound` (unknown, draft or scheduled).
 */
export async function getNews(deps: Deps, id: string): Promise<NewsDetailView> {
  const row = await deps.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'published' || Number(row.published_at) > deps.clock.now()) throw new AppError('newsNotFound');
  return detail(row);
}

/** `admin/news/list`: every article (drafts too), newest first, optionally one language. */
export async function adminListNews(deps: Deps, input: { page?: number; pageSize?: number; lang?: string }): Promise<NewsPage<NewsAdminView>> {
  const db = deps.db;
  const { page, pageSize } = clampPage(input.page, input.pageSize);
  let base = db.selectFrom('news');
  if (input.lang) base = base.where('lang', '=', input.lang);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items: rows.map((row) => ({ ...detail(row), status: row.status, updatedAt: Number(row.updated_at) })), page, pageSize, total, hasMore: page * pageSize < total };
}

/** An article in the shape `admin/news/save` takes, for the operator's edit form. */
export interface NewsEditView {
  id: string;
  lang: string;
  title: string;
  summary: string;
  bodyHtml: string;
  status: 'draft' | 'published';
}

/**
 * `admin/news/get`: one article (drafts too) as the edit form needs it.
 * @throws AppError `newsNotFound`.
 */
export async function adminGetNews(deps: Deps, id: string): Promise<NewsEditView> {
  const row = await deps.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('newsNotFound');
  const view = detail(row);
  return { id: view.id, lang: row.lang, title: view.title, summary: view.summary, bodyHtml: view.html, status: row.status };
}

/**
 * `admin/news/save`: creates (no id) or updates an article; HTML is sanitized before storing.
 * Audited as `news.create` / `news.update` with the state before and after.
 * @throws AppError `newsNotFound` (unknown id), `unsafeLink` (image not https or same-origin).
 */
export async function saveNews(deps: Deps, actorUserId: string, input: NewsInput): Promise<{ id: string }> {
  if (input.imageUrl && !isSafeImageUrl(input.imageUrl)) throw new AppError('unsafeLink', { field: 'imageUrl' });
  const now = deps.clock.now();
  const body = sanitizeArticleHtml(input.bodyHtml);
  const values = {
    lang: input.lang,
    title: input.title.trim(),
    summary: (input.summary?.trim() || htmlToText(body)).slice(0, 300),
    body_html: body,
    image_url: input.imageUrl || null,
    source: input.source?.trim() || null,
    symbols: (input.symbols ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean).join(','),
    status: input.status,
    published_at: input.publishedAt ?? now,
    updated_at: now,
    updated_by: actorUserId,
  };
  return deps.db.transaction().execute(async (tx) => {
    if (input.id) {
      const before = await tx.selectFrom('news').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!before) throw new AppError('newsNotFound');
      await tx.updateTable('news').set(values).where('id', '=', input.id).execute();
      await writeAudit(tx as unknown as Db, { actorUserId, action: 'news.update', entity: 'news', entityId: input.id, before: auditable(before), after: auditable({ ...before, ...values }), at: now });
      return { id: input.id };
    }
    const id = newId();
    const row = { id, ...values, demo: 0, created_at: now };
    await tx.insertInto('news').values(row).execute();
    await writeAudit(tx as unknown as Db, { actorUserId, action: 'news.create', entity: 'news', entityId: id, after: auditable(row), at: now });
    return { id };
  });
}

/**
 * `admin/news/delete`: removes an article. Audited as `news.delete`.
 * @throws AppError `newsNotFound`.
 */
export async function deleteNews(deps: Deps, actorUserId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new AppError('newsNotFound');
    await tx.deleteFrom('news').where('id', '=', id).execute();
    await writeAudit(tx as unknown as Db, { actorUserId, action: 'news.delete', entity: 'news', entityId: id, before: auditable(before), at: deps.clock.now() });
  });
}

/** The stored row without the (long) body, for the audit log. */
function auditable(row: NewsTable) {
  const { body_html: body, ...rest } = row;
  return { ...rest, body_html_length: body.length };
}
