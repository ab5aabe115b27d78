/**
 * One shape for paged answers: every list call that pages answers a {@link Page}
 * `{items, total, page, pageSize}`; requests carry an optional {@link PageQuery}. `page`
 * counts from 1, `pageSize` is 1–100 (default 20). Isomorphic: no imports.
 */

/** A page request as the payload schemas allow it. */
export interface PageQuery {
  /** From 1; default 1. */
  page?: number;
  /** 1–100; default 20. */
  pageSize?: number;
}

/** A page of items with the total count. */
export interface Page<T> {
  items: T[];
  /** Number of items over all pages. */
  total: number;
  /** The page shown, from 1. */
  page: number;
  /** Items per page. */
  pageSize: number;
}

/** Normalized page, size and row offset of a request (out-of-range values are clamped). */
export function pageOf(query: PageQuery): { page: number; pageSize: number; offset: number } {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 20)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** One page cut from a full list (lists read whole, then paged). */
export function pageSlice<T>(items: readonly T[], query: PageQuery): Page<T> {
  const { page, pageSize, offset } = pageOf(query);
  return { items: items.slice(offset, offset + pageSize), total: items.length, page, pageSize };
}
