/**
 * Operator calls for content (operators manage news, banners and company
 * information). Every change is audited (`news.*`, `banner.*`, `company.update`).
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import * as news from '../domain/news-admin.js';
import * as banners from '../domain/banners.js';
import * as company from '../domain/company.js';
import { ensureDemoContent } from '../demo/content.js';
// Save bodies use the domain's input types: the generated ones lose a property named `title`.
import type { AdminCompanyForm, AdminNewsList, ContentId } from '../../shared/generated/index.js';
import type { Locale } from '../../shared/lang.js';

export function contentAdminRoutes(calls: CallRegistry, deps: Deps): void {
  const operator = callsWith(calls, 'operator');
  operator.query<AdminNewsList>('admin/news/list', 'api/adminNewsList', async ({ body }) => {
    await ensureDemoContent(deps);
    return news.adminListNews(deps, body);
  });
  // One schema per form: the article form's, which carries every field the call takes.
  operator.command<news.NewsInput>('admin/news/save', 'screens/adminNews', ({ auth, body }) => news.saveNews(deps, auth!.userId, body));
  operator.query<ContentId>('admin/news/get', 'api/contentId', ({ body }) => news.adminGetNews(deps, body.id));
  operator.query<ContentId>('admin/banners/get', 'api/contentId', ({ body }) => banners.adminGetBanner(deps, body.id));
  operator.command<ContentId>('admin/news/delete', 'api/contentId', ({ auth, body }) => news.deleteNews(deps, auth!.userId, body.id));
  operator.query('admin/banners/list', undefined, async () => {
    await ensureDemoContent(deps);
    return banners.adminListBanners(deps);
  });
  // One schema per form: the banner form's, which carries every field the call takes.
  operator.command<banners.BannerInput>('admin/banners/save', 'screens/adminBanner', ({ auth, body }) => banners.saveBanner(deps, auth!.userId, body));
  operator.command<ContentId>('admin/banners/delete', 'api/contentId', ({ auth, body }) => banners.deleteBanner(deps, auth!.userId, body.id));
  operator.query('admin/company/get', undefined, () => company.adminGetCompany(deps));
  // One schema per form: the company-profile form's.
  operator.command<AdminCompanyForm>('admin/company/save', 'screens/adminCompany', ({ auth, body }) => company.saveCompany(deps, auth!.userId, { ...body, lang: body.lang as Locale }));
}
