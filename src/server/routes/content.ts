/**
 * Public content calls (docs/product.md, Calls): `news/list`,
 * `news/newsDetails`, `advertisement/get` and `config/getSystemConfig`. In demo mode the
 * sample articles and banners are created on first use.
 */
import type { CallRegistry } from '../http/calls.js';
import { callsWith } from './declare.js';
import type { Deps } from '../domain/deps.js';
import type { Market } from '../market/index.js';
import { ensureDemoContent } from '../demo/content.js';
import * as news from '../domain/news.js';
import { listBanners } from '../domain/banners.js';
import { getSystemConfig } from '../domain/systemConfig.js';
import type { ContentId, NewsPage, SystemConfigQuery } from '../../shared/generated/index.js';

export function contentRoutes(calls: CallRegistry, deps: Deps, market: Market): void {
  const open = callsWith(calls, 'public');
  open.query<NewsPage>('news/list', 'api/newsPage', async ({ body, locale }) => {
    await ensureDemoContent(deps);
    return news.listNews(deps, locale, body);
  });
  open.query<ContentId>('news/newsDetails', 'api/contentId', async ({ body }) => {
    await ensureDemoContent(deps);
    return news.getNews(deps, body.id);
  });
  open.query('advertisement/get', undefined, async ({ locale }) => {
    await ensureDemoContent(deps);
    return listBanners(deps, locale);
  });
  // The minimums /vip shows: the configured ones or the published forms', whichever is higher.
  open.query<SystemConfigQuery>('config/getSystemConfig', 'api/systemConfigQuery', async ({ body, locale }) => {
    const config = await getSystemConfig(deps, market, locale, body.keys);
    const minimums = config.minimums as { institutionDeposit: number; withdrawal: number } | undefined;
    if (!minimums) return config;
    const least = (configured: number, form: string) => Math.max(configured, calls.servedBound(form, 'amount', 'minimum') ?? 0);
    return { ...config, minimums: { institutionDeposit: least(minimums.institutionDeposit, 'recharge'), withdrawal: least(minimums.withdrawal, 'withdrawal') } };
  });
}
