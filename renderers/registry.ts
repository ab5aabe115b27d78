/**
 * The flat block registry: a layout block's `kind` → its component. Form blocks load rjsf
 * lazily (it is the largest dependency), the rest ship with the shell.
 */
import type { ComponentType } from 'react';
import { lazyWithTimeout } from './lazy';
import type { BlockSpec } from './types';
import { ListBlock } from './blocks/ListBlock';
import { MenuBlock } from './blocks/MenuBlock';
import { SummaryBlock } from './blocks/SummaryBlock';
import { HeroBlock } from './blocks/HeroBlock';
import { FeaturesBlock } from './blocks/FeaturesBlock';
import { ButtonsBlock } from './blocks/ButtonsBlock';
import { LanguageBlock } from './blocks/LanguageBlock';
import { NoticeBlock } from './blocks/NoticeBlock';
import { UnavailableBlock } from './blocks/UnavailableBlock';
import { StatusBlock } from './blocks/StatusBlock';
import { DetailBlock } from './blocks/DetailBlock';
import { BeneficiaryBlock } from './blocks/BeneficiaryBlock';
import { AppearanceBlock } from './blocks/AppearanceBlock';

/** Markets and content blocks (issue 5): one lazy chunk, prefetched when the browser is idle. */
const loadMarketBlocks = () => import('./blocks/market');
const marketBlock = (name: keyof Awaited<ReturnType<typeof loadMarketBlocks>>) =>
  lazyWithTimeout<BlockProps<any>>(() => loadMarketBlocks().then((blocks) => ({ default: blocks[name] as ComponentType<BlockProps<any>> })));
if (typeof window !== 'undefined') {
  const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => void loadMarketBlocks().catch(() => undefined));
}

/** Props every block component receives. */
export interface BlockProps<S extends BlockSpec = BlockSpec> {
  spec: S;
  /** Data schemas of the screen by name. */
  schemas: Record<string, Record<string, unknown>>;
}

export const BLOCKS: Record<string, ComponentType<BlockProps<any>>> = {
  form: lazyWithTimeout(() => import('./blocks/FormBlock')),
  list: ListBlock,
  menu: MenuBlock,
  summary: SummaryBlock,
  hero: HeroBlock,
  features: FeaturesBlock,
  buttons: ButtonsBlock,
  language: LanguageBlock,
  notice: NoticeBlock,
  unavailable: UnavailableBlock,
  status: StatusBlock,
  detail: DetailBlock,
  appearance: AppearanceBlock,
  marketStatus: marketBlock('MarketStatusBlock'),
  indexCards: marketBlock('IndexCardsBlock'),
  carousel: marketBlock('CarouselBlock'),
  tabs: marketBlock('TabsBlock'),
  quoteList: marketBlock('QuoteListBlock'),
  search: marketBlock('SearchBlock'),
  quote: marketBlock('QuoteBlock'),
  stats: marketBlock('StatsBlock'),
  chart: lazyWithTimeout(() => import('./blocks/ChartBlock')),
  newsList: marketBlock('NewsListBlock'),
  article: marketBlock('ArticleBlock'),
  beneficiary: BeneficiaryBlock,
};
