/**
 * Loading helpers for market blocks: call params resolved against the URL's query
 * (`{query.symbol}`), and registration with the screen scope under the block's id (or an
 * automatic one) so pull-to-refresh can reload every block of the screen.
 */
import { useCallback, useContext, useId, useMemo } from 'react';
import { ScopeContext, useReloadable } from '../scope';
import type { LoadSpec } from '../types';
import { useCallData } from '../useCallData';
import { resolveParams } from './template';
import { useRouteQuery } from './useRouteQuery';

/** A block's `load`, with query placeholders filled. Null when `load` is absent. */
export function useResolvedLoad(load: LoadSpec | undefined | null): LoadSpec | null {
  const query = useRouteQuery();
  const key = JSON.stringify(load ?? null);
  return useMemo(() => (load ? { ...load, params: resolveParams(load.params, query) } : null), [key, query]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Loads a block's data and registers its reload with the screen. */
export function useBlockData<T>(id: string | undefined, load: LoadSpec | undefined | null) {
  const resolved = useResolvedLoad(load);
  const result = useCallData<T>(resolved);
  const autoId = useId();
  useReloadable(id ?? `auto${autoId}`, result.reload);
  return result;
}

/** Reloads every block of the current screen (pull-to-refresh). */
export function useReloadScreen(): () => Promise<void> {
  const scope = useContext(ScopeContext);
  return useCallback(async () => {
    scope.reload('*');
    await new Promise((resolve) => setTimeout(resolve, 600)); // keep the spinner visible briefly
  }, [scope]);
}
