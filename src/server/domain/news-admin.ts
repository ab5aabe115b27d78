/**
 * News for operators (issue 5: operators create, edit and delete articles): every article
 * (drafts too), the edit form's shape, save and delete. HTML is sanitized before storing;
 * every change is written to the audit log (`news.create|update|delete`) in the same
 * transaction. Readers' news: `news.ts`.
 */
import type { Locale } from '../../shared/lang.js';
import type { Db } from '../db/index.js';
import type { NewsTable } from '../db/market-tables.js';
import { writeAudit } from './audit.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { htmlToText, isSafeImageUrl, sanitizeArticleHtml } from './html.js';
import { newId } from './ids.js';
import { clampNewsPage, newsDetail, type NewsDetailView, type NewsPage } from './news.js';

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
  return { items: rows.map((row) => ({ ...newsDetail(row), status: row.status, updatedAt: Number(row.updated_at) })), page, pageSize, total, hasMore: page * pageSize < total };
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
  const view = newsDetail(row);
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
