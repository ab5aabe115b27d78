/**
 * Banners (`advertisement/get`, docs/product.md, Calls): the home carousel's slides — title,
 * subtitle, optional image, link (in-app route or https URL) and order — per language or for
 * every language. Operators create, edit and delete them, audited.
 */
import type { Locale } from '../../shared/lang.js';
import type { BannersTable } from '../db/market-tables.js';
import { deleteContent, saveContent, type ContentKind } from './content-edit.js';
import type { Deps } from './deps.js';
import { AppError } from './errors.js';
import { isSafeImageUrl, isSafeLink } from './html.js';

/** Colour schemes a slide may use. */
export const BANNER_TONES = ['brand', 'accent', 'ink', 'sky'] as const;

/** A carousel slide. */
export interface BannerView {
  id: string;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  /** In-app route or https URL; null: not tappable. */
  link: string | null;
  tone: string;
  /** Ascending display order. */
  order: number;
  demo: boolean;
}

/** A slide as operators see it. */
export interface BannerAdminView extends BannerView {
  lang: string | null;
  active: boolean;
  updatedAt: number;
}

/** Input of `admin/banners/save` (validated by the form's schema, `schemas/screens/adminBanner.schema.json`). */
export interface BannerInput {
  id?: string;
  /** null or absent: every language. */
  lang?: Locale | null;
  title: string;
  subtitle?: string;
  imageUrl?: string | null;
  link?: string | null;
  tone?: (typeof BANNER_TONES)[number];
  order?: number;
  active?: boolean;
}

const view = (row: BannersTable): BannerView => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  imageUrl: row.image_url,
  link: row.link,
  tone: row.tone,
  order: Number(row.sort_order),
  demo: Number(row.demo) === 1,
});

/** `advertisement/get`: active slides for the reader's language (and all-language ones), in order. */
export async function listBanners(deps: Deps, locale: Locale): Promise<BannerView[]> {
  const rows = await deps.db
    .selectFrom('banners')
    .selectAll()
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('lang', '=', locale), eb('lang', 'is', null)]))
    .orderBy('sort_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(view);
}

/** `admin/banners/list`: every slide. */
export async function adminListBanners(deps: Deps): Promise<BannerAdminView[]> {
  const rows = await deps.db.selectFrom('banners').selectAll().orderBy('sort_order', 'asc').orderBy('id', 'asc').execute();
  return rows.map((row) => ({ ...view(row), lang: row.lang, active: Number(row.active) === 1, updatedAt: Number(row.updated_at) }));
}

/** A slide in the shape `admin/banners/save` takes, for the operator's edit form. */
export interface BannerEditView {
  id: string;
  /** null: every language. */
  lang: Locale | null;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  link: string;
  tone: (typeof BANNER_TONES)[number];
  order: number;
  active: boolean;
}

/**
 * `admin/banners/get`: one slide as the edit form needs it.
 * @throws AppError `bannerNotFound`.
 */
export async function adminGetBanner(deps: Deps, id: string): Promise<BannerEditView> {
  const row = await deps.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('bannerNotFound');
  return {
    id: row.id,
    lang: (row.lang as Locale | null) ?? null,
    title: row.title,
    subtitle: row.subtitle,
    imageUrl: row.image_url ?? null,
    link: row.link ?? '',
    tone: (BANNER_TONES as readonly string[]).includes(row.tone) ? (row.tone as BannerEditView['tone']) : 'brand',
    order: Number(row.sort_order),
    active: Number(row.active) === 1,
  };
}

/**
 * `admin/banners/save`: creates or updates a slide. Audited as `banner.create` / `banner.update`.
 * @throws AppError `unsafeLink` (link not an app route or https; image not https or same-origin),
 *   `bannerNotFound` (unknown id).
 */
export async function saveBanner(deps: Deps, actorUserId: string, input: BannerInput): Promise<{ id: string }> {
  if (input.link && !isSafeLink(input.link)) throw new AppError('unsafeLink', { field: 'link' });
  if (input.imageUrl && !isSafeImageUrl(input.imageUrl)) throw new AppError('unsafeLink', { field: 'imageUrl' });
  const now = deps.clock.now();
  const values = {
    lang: input.lang ?? null,
    title: input.title.trim(),
    subtitle: input.subtitle?.trim() ?? '',
    image_url: input.imageUrl || null,
    link: input.link || null,
    tone: input.tone ?? 'brand',
    sort_order: input.order ?? 0,
    active: input.active === false ? 0 : 1,
    updated_at: now,
    updated_by: actorUserId,
  };
  return saveContent(deps, actorUserId, BANNERS, input.id, values, now);
}

/**
 * `admin/banners/delete`. Audited as `banner.delete`.
 * @throws AppError `bannerNotFound`.
 */
export function deleteBanner(deps: Deps, actorUserId: string, id: string): Promise<void> {
  return deleteContent(deps, actorUserId, BANNERS, id);
}

/** Banners are audited as stored. */
const BANNERS: ContentKind<'banners'> = { table: 'banners', entity: 'banner', notFound: 'bannerNotFound' };
