/**
 * Paged loading (`paged` lists): the call takes `{page, pageSize}` and answers
 * `{items, total}`; pages are fetched one after another ("load more").
 */
import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { useHost } from '../host';
import type { LoadSpec } from '../types';
import { useBoundParams } from './useCallData';

/** One page of a paged call. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Items of a paged call, page by page; `null` loads nothing.
 * @returns `items` (undefined until the first page), `hasMore`, `loadMore()` and the SWR state.
 */
export function usePagedCall<T>(load: LoadSpec | null, pageSize: number, options: { refreshMs?: number } = {}) {
  const host = useHost();
  const { params, missing } = useBoundParams(load);
  const enabled = load !== null && !missing;
  const swr = useSWRInfinite<Page<T>>(
    (index, previous: Page<T> | null) =>
      !enabled || (previous && previous.items.length < pageSize) ? null : ['page', load.call, JSON.stringify({ ...params, page: index + 1, pageSize })],
    (key: [string, string, string]) => host.call<Page<T>>(key[1], JSON.parse(key[2]), { intent: 'load' }),
    { revalidateOnFocus: false, revalidateFirstPage: true, refreshInterval: options.refreshMs ?? 0 },
  );
  // Coming back to a screen shows fresh rows (e.g. after editing one), not the cached pages. A
  // first visit has no cached pages: the hook's own first load is the fresh one (calling again
  // here sent every paged list's first page twice).
  const { mutate } = swr;
  const cachedAtMount = useRef(swr.data !== undefined);
  useEffect(() => {
    if (enabled && cachedAtMount.current) void mutate();
  }, [enabled, mutate]);
  const pages = swr.data ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? 0;
  return { items: swr.data ? items : undefined, hasMore: items.length < total, loadMore: () => void swr.setSize(swr.size + 1), swr };
}
