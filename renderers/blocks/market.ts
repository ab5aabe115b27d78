/**
 * The market and content block kinds as one lazily loaded chunk (see
 * `marketChunk.ts`). The chart block is its own chunk (it carries lightweight-charts).
 */
export { MarketStatusBlock } from './marketStatus/MarketStatusBlock';
export { IndexCardsBlock } from './indexCards/IndexCardsBlock';
export { CarouselBlock } from './carousel/CarouselBlock';
export { TabsBlock } from './tabs/TabsBlock';
export { QuoteListBlock } from './quoteList/QuoteListBlock';
export { SearchBlock } from './search/SearchBlock';
export { QuoteBlock } from './quote/QuoteBlock';
export { StatsBlock } from './stats/StatsBlock';
export { NewsListBlock } from './newsList/NewsListBlock';
export { ArticleBlock } from './article/ArticleBlock';
