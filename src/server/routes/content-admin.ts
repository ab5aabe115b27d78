/**
 * Operator calls for content (operators manage news, banners and company
 * information). Every change is audited (`news.*`, `banner.*`, `company.update`).
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import * as news from '../domain/news-admin.js';
import * as banners from '../domain/banners.js';
import * as company from '../domain/company.js';
import { ensureDemoContent } from '../demo/content.js';
// Save bodies use the domain's input types: the generated ones lose a property named `title`.
import type { AdminCompanyForm, AdminNewsList, ContentId } from '../../shared/generated/index.js';
import type { Locale } from '../../shared/lang.js';

export function contentAdminRoutes(calls: CallRegistry, deps: Deps): void {
  calls.define<AdminNewsList>({
    name: 'admin/news/list',
    effect: 'query',
    access: 'operator',
    body: 'api/adminNewsList',
    handle: async ({ body }) => {
      await ensureDemoContent(deps);
      return news.adminListNews(deps, body);
    },
  });
  calls.define<news.NewsInput>({
    name: 'admin/news/save',
    effect: 'command',
    access: 'operator',
    // One schema per form: the article form's, which carries every field the call takes.
    body: 'screens/adminNews',
    handle: ({ auth, body }) => news.saveNews(deps, auth!.userId, body),
  });
  calls.define<ContentId>({
    name: 'admin/news/get',
    effect: 'query',
    access: 'operator',
    body: 'api/contentId',
    handle: ({ body }) => news.adminGetNews(deps, body.id),
  });
  calls.define<ContentId>({
    name: 'admin/banners/get',
    effect: 'query',
    access: 'operator',
    body: 'api/contentId',
    handle: ({ body }) => banners.adminGetBanner(deps, body.id),
  });
  calls.define<ContentId>({
    name: 'admin/news/delete',
    effect: 'command',
    access: 'operator',
    body: 'api/contentId',
    handle: ({ auth, body }) => news.deleteNews(deps, auth!.userId, body.id),
  });
  calls.define({
    name: 'admin/banners/list',
    effect: 'query',
    access: 'operator',
    handle: async () => {
      await ensureDemoContent(deps);
      return banners.adminListBanners(deps);
    },
  });
  calls.define<banners.BannerInput>({
    name: 'admin/banners/save',
    effect: 'command',
    access: 'operator',
    // One schema per form: the banner form's, which carries every field the call takes.
    body: 'screens/adminBanner',
    handle: ({ auth, body }) => banners.saveBanner(deps, auth!.userId, body),
  });
  calls.define<ContentId>({
    name: 'admin/banners/delete',
    effect: 'command',
    access: 'operator',
    body: 'api/contentId',
    handle: ({ auth, body }) => banners.deleteBanner(deps, auth!.userId, body.id),
  });
  calls.define({
    name: 'admin/company/get',
    effect: 'query',
    access: 'operator',
    handle: () => company.adminGetCompany(deps),
  });
  // One schema per form: the company-profile form's.
  calls.define<AdminCompanyForm>({
    name: 'admin/company/save',
    effect: 'command',
    access: 'operator',
    body: 'screens/adminCompany',
    handle: ({ auth, body }) => company.saveCompany(deps, auth!.userId, { ...body, lang: body.lang as Locale }),
  });
}
