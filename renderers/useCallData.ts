/** SWR-backed loading of a block's data from a call (`load` in a layout). */
import { useCallback } from 'react';
import useSWR from 'swr';
import { useHost } from './host';
import { bindTemplate } from './formatters';
import { useQueryObject } from './market/useRouteQuery';
import type { LoadSpec } from './types';

/**
 * Loads `load.call` with `load.params`; `null` skips loading.
 * @returns SWR state; `reload()` revalidates.
 */
export function useCallData<T = unknown>(load: LoadSpec | null | undefined, options: { refreshMs?: number } = {}) {
  const host = useHost();
  const query = useQueryObject();
  // `{query.x}` in params takes the route's query parameter x.
  const params = load ? (bindTemplate(load.params ?? {}, { query }) as Record<string, unknown>) : {};
  // A `{query.x}` the route does not carry (e.g. while navigating away) loads nothing.
  const missing = JSON.stringify(load?.params ?? {}).includes('{query.') && Object.values(params).some((v) => v === undefined || v === '');
  const key = load && !missing ? ['call', load.call, JSON.stringify(params)] : null;
  const swr = useSWR<T>(key, () => host.call<T>(load!.call, params), { revalidateOnFocus: false, refreshInterval: options.refreshMs ?? 0 });
  const { mutate } = swr;
  const reload = useCallback(() => void mutate(), [mutate]);
  return { ...swr, reload };
}
