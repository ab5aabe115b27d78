/** SWR-backed loading of a block's data from a call (`load` in a layout). */
import { useCallback } from 'react';
import useSWR from 'swr';
import { useHost } from './host';
import type { LoadSpec } from './types';

/**
 * Loads `load.call` with `load.params`; `null` skips loading.
 * @returns SWR state; `reload()` revalidates.
 */
export function useCallData<T = unknown>(load: LoadSpec | null | undefined) {
  const host = useHost();
  const key = load ? ['call', load.call, JSON.stringify(load.params ?? {})] : null;
  const swr = useSWR<T>(key, () => host.call<T>(load!.call, load!.params ?? {}), { revalidateOnFocus: false });
  const { mutate } = swr;
  const reload = useCallback(() => void mutate(), [mutate]);
  return { ...swr, reload };
}
