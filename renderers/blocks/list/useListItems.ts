/**
 * A list's items, from a plain call (an array) or a paged one (`paged`: `{items, total}`
 * page by page), with one reload for both.
 */
import { useBlockData, usePagedCall } from '../../data';
import type { LoadSpec } from '../../types';
import type { ListBlockSpec } from './spec';

/** One row's data. */
export type Item = Record<string, unknown>;

/** Items, loading state and paging of a list block with its current filter values. */
export function useListItems(spec: ListBlockSpec, filters: Record<string, string>) {
  const load: LoadSpec = { ...spec.load, params: { ...(spec.load.params ?? {}), ...filters } };
  const paged = Boolean(spec.paged);
  // Both hooks always run (hook order); the one not in use loads nothing.
  const plain = useBlockData<Item[]>(paged ? undefined : spec.id, paged ? null : load, { refreshMs: spec.refreshMs });
  const pages = usePagedCall<Item>(paged ? load : null, spec.paged?.pageSize ?? 20, { refreshMs: spec.refreshMs });
  if (!paged) return { items: plain.data, isLoading: plain.isLoading, error: plain.error as unknown, reload: plain.reload, hasMore: false, loadMore: () => undefined, loadingMore: false };
  return {
    items: pages.items,
    isLoading: pages.swr.isLoading,
    error: pages.swr.error as unknown,
    reload: () => void pages.swr.mutate(),
    hasMore: pages.hasMore,
    loadMore: pages.loadMore,
    loadingMore: pages.swr.isValidating,
  };
}
