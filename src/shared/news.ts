/**
 * What a reader gets of a news article (docs/product.md, Calls), shared by the server's
 * `news/list` / `news/newsDetails` answers (`src/server/domain/news.ts`) and the client's news
 * list block, so the two cannot drift. Isomorphic: types only.
 */
import type { Page } from './page.js';

/** A news list item (`news/list`). */
export interface NewsItemView {
  id: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  source: string | null;
  /** Related symbols, e.g. `["RELIANCE"]`. */
  symbols: string[];
  /** Epoch ms. */
  publishedAt: number;
  /** Demo-mode sample content. */
  demo: boolean;
}

/** `news/newsDetails`: an article with sanitized HTML. */
export interface NewsDetailView extends NewsItemView {
  lang: string;
  html: string;
}

/** One page of news, with whether another page follows. */
export type NewsPage<T> = Page<T> & { hasMore: boolean };
