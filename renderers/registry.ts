/**
 * The default registry: collects every block kind module (`renderers/blocks/<kind>/index.ts`),
 * the widgets, formatters, icons, actions and dialogs into one {@link RendererRegistry}. It only
 * collects — each entry describes itself in its own folder; the app hands the result (extended
 * if it wishes) to `RendererProvider`.
 */
import { lazyWithTimeout } from './lazy';
import type { AnyBlockComponent, BlockModule } from './types';
import type { RendererRegistry } from './registry-context';
import { WIDGETS } from './widgets';
import { FORMATTERS } from './formatters';
import { ICONS } from './icons';
import { ACTIONS } from './actions';
import { DIALOGS } from './dialogs';
import * as appearance from './blocks/appearance';
import * as article from './blocks/article';
import * as beneficiary from './blocks/beneficiary';
import * as buttons from './blocks/buttons';
import * as carousel from './blocks/carousel';
import * as chart from './blocks/chart';
import * as detail from './blocks/detail';
import * as features from './blocks/features';
import * as form from './blocks/form';
import * as hero from './blocks/hero';
import * as indexCards from './blocks/indexCards';
import * as language from './blocks/language';
import * as list from './blocks/list';
import * as marketStatus from './blocks/marketStatus';
import * as menu from './blocks/menu';
import * as newsList from './blocks/newsList';
import * as notice from './blocks/notice';
import * as quote from './blocks/quote';
import * as quoteList from './blocks/quoteList';
import * as search from './blocks/search';
import * as stats from './blocks/stats';
import * as status from './blocks/status';
import * as summary from './blocks/summary';
import * as tabs from './blocks/tabs';
import * as unavailable from './blocks/unavailable';

/** Every block kind module. */
export const BLOCK_MODULES: BlockModule[] = [
  appearance, article, beneficiary, buttons, carousel, chart, detail, features, form, hero, indexCards, language, list,
  marketStatus, menu, newsList, notice, quote, quoteList, search, stats, status, summary, tabs, unavailable,
];

/** A kind's component: the shipped one, else lazily loaded (with the chunk time-out). */
const componentOf = (module: BlockModule): AnyBlockComponent => module.component ?? lazyWithTimeout(module.load);

/** The default registry of the renderer. */
export const REGISTRY: RendererRegistry = {
  blocks: Object.fromEntries(BLOCK_MODULES.map((module) => [module.kind, componentOf(module)])),
  widgets: WIDGETS,
  formatters: FORMATTERS,
  icons: ICONS,
  actions: ACTIONS,
  dialogs: DIALOGS,
};
