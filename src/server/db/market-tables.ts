/**
 * Table shapes of the markets and content migration (`0005_markets`), kept beside the shared
 * `tables.ts`, whose `Database` includes {@link MarketTables}. Prices are
 * integer minor units (paise), times epoch milliseconds, flags 0/1 integers (SQLite and
 * PostgreSQL alike).
 */

export interface MarketBars1mTable {
  /** Provider id (`simulated`, `replay`, …): each feed keeps its own series. */
  feed: string;
  symbol: string;
  /** Minute start (epoch ms, market time). */
  start_at: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface MarketBars1dTable {
  feed: string;
  symbol: string;
  /** India date. */
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** `live` (aggregated from the feed's ticks), `generated` (simulated backfill) or `recorded` (replay data). */
  origin: 'live' | 'generated' | 'recorded';
}

export interface FavouritesTable {
  user_id: string;
  symbol: string;
  created_at: number;
}

export interface NewsTable {
  id: string;
  /** Locale the article is written in: de, en, hi, zh. */
  lang: string;
  title: string;
  summary: string;
  /** Sanitized HTML (sanitized again when served). */
  body_html: string;
  image_url: string | null;
  source: string | null;
  /** Comma-separated related symbols, '' for none. */
  symbols: string;
  status: 'draft' | 'published';
  /** 1 for demo-mode seed content (shown with a 'Demo' badge). */
  demo: number;
  published_at: number;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface BannersTable {
  id: string;
  /** Locale, or null for every language. */
  lang: string | null;
  title: string;
  subtitle: string;
  image_url: string | null;
  /** In-app route (`/market`) or https URL, or null. */
  link: string | null;
  /** Colour scheme of the slide: brand, accent, ink. */
  tone: string;
  sort_order: number;
  active: number;
  demo: number;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

export interface SiteContentTable {
  /** e.g. `company`. */
  key: string;
  value_json: string;
  updated_at: number;
  updated_by: string | null;
}

/** The markets and content tables (part of `Database`). */
export type MarketTables = {
  market_bars_1m: MarketBars1mTable;
  market_bars_1d: MarketBars1dTable;
  favourites: FavouritesTable;
  news: NewsTable;
  banners: BannersTable;
  site_content: SiteContentTable;
};
