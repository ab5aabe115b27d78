/** Paging of money lists: `page` from 1, `pageSize` 1–100 (default 20). */

/** A page request as the payload schemas allow it. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** A page of items with the total count. */
export interface Page<T> {
  items: T[];
  /** Number of items over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** Normalized page, size and row offset. */
export function pageOf(query: PageQuery): { page: number; pageSize: number; offset: number } {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}
