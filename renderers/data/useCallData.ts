/**
 * The one way blocks and widgets load data: a `load` spec (`{call, params}`) → SWR state,
 * keyed `['call', name, params]` so every block asking for the same call shares one request
 * and `{"reload": "*"}` can refresh them all. Params are bound with the template engine
 * (`{query.x}` from the route); a placeholder the route lacks loads nothing.
 */
import { useCallback, useId, useMemo } from 'react';
import useSWR from 'swr';
import { useHost } from '../host';
import { useReloadable } from '../scope';
import type { LoadSpec } from '../types';
import { useQueryObject } from './query';
import { bindTemplate, missesQuery } from './template';
import { callKey, takePrefetched, useFreshFromPrefetch } from './prefetch';
import { isRefusal } from '../../src/shared/codes';

/** Options of {@link useCallData}. */
export interface CallDataOptions {
  /** Reload every this many milliseconds (0: never). */
  refreshMs?: number;
  /** Do not toast a failure (the block shows it in place). */
  silent?: boolean;
  /**
   * Keep showing the last answer while the params change and the new one loads (figures that
   * follow the user's typing, e.g. the order ticket's estimate), instead of blanking.
   */
  keepPreviousData?: boolean;
  /**
   * Retry a failed call (SWR's backoff; default true). A refusal (a 4xx code: the record is not
   * there, a rule) is never retried: asking again gets the same answer, and each retry would
   * blank the block's error into a skeleton for as long as it runs.
   */
  retryOnError?: boolean;
}

/** A call's parameters with `{query.x}` filled, and whether a needed query value is missing. */
export function useBoundParams(load: LoadSpec | null | undefined): { params: Record<string, unknown>; missing: boolean } {
  const query = useQueryObject();
  const template = JSON.stringify(load?.params ?? {});
  return useMemo(() => {
    const params = (load ? bindTemplate(load.params ?? {}, { query }) : {}) as Record<string, unknown>;
    return { params, missing: missesQuery(load?.params, params) };
  }, [template, query]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * Loads `load.call` with its bound params; `null` loads nothing.
 * @returns SWR state plus `reload()`, which revalidates.
 */
export function useCallData<T = unknown>(load: LoadSpec | null | undefined, options: CallDataOptions = {}) {
  const host = useHost();
  const { params, missing } = useBoundParams(load);
  const key = load && !missing ? [...callKey(load.call, params)] : null;
  const fresh = useFreshFromPrefetch(key);
  // Whatever a block loads runs without a tap: marked so the server refuses a command.
  const swr = useSWR<T>(key, () => takePrefetched(key!, () => host.call<T>(load!.call, params, options.silent ? { silent: true, intent: 'load' } : { intent: 'load' })), {
    revalidateOnFocus: false,
    // An answer the entry prefetch just put into the cache is this block's: no second call.
    revalidateOnMount: fresh ? false : undefined,
    refreshInterval: options.refreshMs ?? 0,
    keepPreviousData: options.keepPreviousData ?? false,
    shouldRetryOnError: (error: unknown) => (options.retryOnError ?? true) && !isRefusal(error),
  });
  const { mutate } = swr;
  const reload = useCallback(() => void mutate(), [mutate]);
  return { ...swr, reload };
}

/**
 * A block's data: {@link useCallData} plus registration with the screen scope under the
 * block's id (or an automatic one), so `{"reload": "<id>"}` and pull-to-refresh reach it.
 */
export function useBlockData<T = unknown>(id: string | undefined, load: LoadSpec | null | undefined, options: CallDataOptions = {}) {
  const result = useCallData<T>(load, options);
  const autoId = useId();
  useReloadable(id ?? `auto${autoId}`, result.reload);
  return result;
}
