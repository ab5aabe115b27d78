/**
 * The content and account block kinds that the entry route (/home) does not show, as one lazily
 * loaded chunk (see `contentChunk.ts`): they stay out of the first load, and the server's shell
 * `modulepreload`s the chunk for routes whose layout uses one of them.
 */
export { AppearanceBlock } from './appearance/AppearanceBlock';
export { BeneficiaryBlock } from './beneficiary/BeneficiaryBlock';
export { DetailBlock } from './detail/DetailBlock';
export { FeaturesBlock } from './features/FeaturesBlock';
export { HeroBlock } from './hero/HeroBlock';
export { LanguageBlock } from './language/LanguageBlock';
export { ListBlock } from './list/ListBlock';
export { NoticeBlock } from './notice/NoticeBlock';
export { StatusBlock } from './status/StatusBlock';
export { SummaryBlock } from './summary/SummaryBlock';
export { UnavailableBlock } from './unavailable/UnavailableBlock';
