/** Paging of the offerings' lists (all items are read, then one page is cut). */
import { pageOf, type PageQuery } from '../money/paging.js';

/** One page of a full list: `{items, total}` with the total over all pages. */
export function pageSlice<T>(list: { items: T[]; total: number }, query: PageQuery): { items: T[]; total: number } {
  const { pageSize, offset } = pageOf(query);
  return { items: list.items.slice(offset, offset + pageSize), total: list.total };
}
