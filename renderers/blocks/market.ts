/**
 * The market and content block kinds (issue 5) as one lazily loaded chunk: the registry maps
 * each kind to an export here, so screens without them (landing, forms) never load them,
 * and the chunk is prefetched when the browser is idle. The chart block is its own chunk
 * (it carries lightweight-charts).
 */
export { MarketStatusBlock } from './MarketStatusBlock';
export { IndexCardsBlock } from './IndexCardsBlock';
export { CarouselBlock } from './CarouselBlock';
export { TabsBlock } from './TabsBlock';
export { QuoteListBlock } from './QuoteListBlock';
export { SearchBlock } from './SearchBlock';
export { QuoteBlock } from './QuoteBlock';
export { StatsBlock } from './StatsBlock';
export { NewsListBlock } from './NewsListBlock';
export { ArticleBlock } from './ArticleBlock';
