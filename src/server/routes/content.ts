/**
 * Public content calls (docs/product.md, Calls): `news/list`,
 * `news/newsDetails`, `advertisement/get` and `config/getSystemConfig`. In demo mode the
 * sample articles and banners are created on first use.
 */
import type { CallRegistry } from '../http/calls.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { ensureDemoContent } from '../demo/content.js';
import * as news from '../domain/news.js';
import { listBanners } from '../domain/banners.js';
import { getSystemConfig } from '../domain/systemConfig.js';
import type { ContentId, NewsPage, SystemConfigQuery } from '../../shared/generated/index.js';

export function contentRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  calls.define<NewsPage>({
    name: 'news/list',
    effect: 'query',
    access: 'public',
    body: 'api/newsPage',
    handle: async ({ body, locale }) => {
      await ensureDemoContent(deps);
      return news.listNews(deps, locale, body);
    },
  });
  calls.define<ContentId>({
    name: 'news/newsDetails',
    effect: 'query',
    access: 'public',
    body: 'api/contentId',
    handle: async ({ body }) => {
      await ensureDemoContent(deps);
      return news.getNews(deps, body.id);
    },
  });
  calls.define({
    name: 'advertisement/get',
    effect: 'query',
    access: 'public',
    handle: async ({ locale }) => {
      await ensureDemoContent(deps);
      return listBanners(deps, locale);
    },
  });
  calls.define<SystemConfigQuery>({
    name: 'config/getSystemConfig',
    effect: 'query',
    access: 'public',
    body: 'api/systemConfigQuery',
    handle: ({ body, locale }) => getSystemConfig(deps, market, locale, body.keys),
  });
}
