/**
 * News for operators (operators create, edit and delete articles): every article
 * (drafts too), the edit form's shape, save and delete. HTML is sanitized before storing;
 * every change is written to the audit log (`news.create|update|delete`) in the same
 * transaction. Readers' news: `news.ts`.
 */
import type { Locale } from '../../shared/lang.js';
import { indiaDateTime, parseIndiaDateTime } from '../../shared/india-time.js';
import type { NewsTable } from '../db/market-tables.js';
import { deleteContent, saveContent, type ContentKind } from './content-edit.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { htmlToText, isSafeImageUrl, sanitizeArticleHtml } from './html.js';
import type { NewsDetailView, NewsPage } from '../../shared/news.js';
import { clampNewsPage, newsDetail } from './news.js';

/** An article as operators see and edit it. */
export interface NewsAdminView extends NewsDetailView {
  status: 'draft' | 'published';
  updatedAt: number;
}

/** Input of `admin/news/save` (validated by the form's schema and contract, `schemas/contracts/adminNews.schema.json`). */
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
  /** Epoch ms, or India time `YYYY-MM-DDTHH:MM` as the form sends it; default now. */
  publishedAt?: number | string;
}

/** `admin/news/list`: every article (drafts too), newest first, optionally one language. */
export async function adminListNews(deps: Deps, input: { page?: number; pageSize?: number; lang?: string }): Promise<NewsPage<NewsAdminView>> {
  const db = deps.db;
  const { page, pageSize } = clampNewsPage(input.page, input.pageSize);
  let base = db.selectFrom('news');
  if (input.lang) base = base.where('lang', '=', input.lang);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { items: rows.map((row) => ({ ...newsDetail(row, deps.config.contentLinkOrigins), status: row.status, updatedAt: Number(row.updated_at) })), page, pageSize, total, hasMore: page * pageSize < total };
}

/** An article in the shape `admin/news/save` takes, for the operator's edit form. */
export interface NewsEditView {
  id: string;
  lang: string;
  title: string;
  summary: string;
  bodyHtml: string;
  imageUrl: string | null;
  source: string | null;
  symbols: string[];
  status: 'draft' | 'published';
  /** India time `YYYY-MM-DDTHH:MM`, as the form shows and sends it. */
  publishedAt: string;
}

/**
 * `admin/news/get`: one article (drafts too) as the edit form needs it.
 * @throws AppError `newsNotFound`.
 */
export async function adminGetNews(deps: Deps, id: string): Promise<NewsEditView> {
  const row = await deps.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('newsNotFound');
  const view = newsDetail(row, deps.config.contentLinkOrigins);
  return {
    id: view.id,
    lang: row.lang,
    title: view.title,
    summary: view.summary,
    bodyHtml: view.html,
    imageUrl: view.imageUrl,
    source: view.source,
    symbols: view.symbols,
    status: row.status,
    publishedAt: indiaDateTime(view.publishedAt).replace(' ', 'T'),
  };
}

/**
 * `admin/news/save`: creates (no id) or updates an article; HTML is sanitized before storing.
 * Audited as `news.create` / `news.update` with the state before and after.
 * @throws AppError `newsNotFound` (unknown id), `unsafeLink` (image not https or same-origin),
 *   `validation` (a publishing date that is no date).
 */
export async function saveNews(deps: Deps, actorUserId: string, input: NewsInput): Promise<{ id: string }> {
  if (input.imageUrl && !isSafeImageUrl(input.imageUrl)) throw new AppError('unsafeLink', { field: 'imageUrl' });
  const now = deps.clock.now();
  const publishedAt = typeof input.publishedAt === 'string' ? parseIndiaDateTime(input.publishedAt) : (input.publishedAt ?? now);
  if (publishedAt === null) throw new AppError('validation', { detail: 'publishedAt' });
  const body = sanitizeArticleHtml(input.bodyHtml, deps.config.contentLinkOrigins);
  const values = {
    lang: input.lang,
    title: input.title.trim(),
    summary: (input.summary?.trim() || htmlToText(body)).slice(0, 300),
    body_html: body,
    image_url: input.imageUrl || null,
    source: input.source?.trim() || null,
    symbols: (input.symbols ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean).join(','),
    status: input.status,
    published_at: publishedAt,
    updated_at: now,
    updated_by: actorUserId,
  };
  return saveContent(deps, actorUserId, NEWS, input.id, values, now);
}

/**
 * `admin/news/delete`: removes an article. Audited as `news.delete`.
 * @throws AppError `newsNotFound`.
 */
export function deleteNews(deps: Deps, actorUserId: string, id: string): Promise<void> {
  return deleteContent(deps, actorUserId, NEWS, id);
}

/** Articles are audited without their (long) body, with its length instead. */
const NEWS: ContentKind<'news'> = {
  table: 'news',
  entity: 'news',
  notFound: 'newsNotFound',
  auditable: ({ body_html: body, ...rest }: NewsTable) => ({ ...rest, body_html_length: body.length }),
};
