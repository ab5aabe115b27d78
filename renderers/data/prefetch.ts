/**
 * First paint: the data a screen's first render asks for, known from its layout
 * alone, so the app can start those calls while the blocks' code and the messages are still
 * loading instead of after the first render. Each block kind names its own loads (its module's
 * `data`); the first `when` condition of a block is the renderer's own load. Blocks behind a
 * condition and nested blocks are left to load themselves: whether they show is not yet known.
 */
import { mutate, unstable_serialize, useSWRConfig } from 'swr';
import type { BlockSpec, Condition, Layout, LoadSpec } from '../types';
import { bindTemplate, missesQuery } from './template';

/** What a block kind loads from its spec at its first render: `load` specs, absent ones skipped. */
export type BlockData = (spec: any) => Array<LoadSpec | null | undefined>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The common case: the block loads its `load` spec through `useBlockData`. */
export const ownLoad: BlockData = (spec: { load?: LoadSpec }) => [spec.load];

/** The SWR key of a call's answer: shared by `useCallData` and {@link prefetchScreenData}, so a prefetched answer is the block's. */
export const callKey = (call: string, params: Record<string, unknown>) => ['call', call, JSON.stringify(params)] as const;

/** A load bound to the route query; null when a `{query.x}` it needs is missing (the block loads nothing then either). */
export function bindLoad(load: Pick<LoadSpec, 'call' | 'params'>, query: Record<string, string>): { call: string; params: Record<string, unknown> } | null {
  const params = bindTemplate(load.params ?? {}, { query }) as Record<string, unknown>;
  return missesQuery(load.params, params) ? null : { call: load.call, params };
}

/**
 * The calls a layout's first render makes at its top level: each unconditional block's own
 * loads (by `blockData[kind]`) and each conditional block's first condition, bound to `query`,
 * without duplicates.
 */
export function firstLoads(layout: Layout, query: Record<string, string>, blockData: Record<string, BlockData | undefined>): Array<{ call: string; params: Record<string, unknown> }> {
  const loads: Array<Pick<LoadSpec, 'call' | 'params'>> = [];
  for (const block of layout.blocks as BlockSpec[]) {
    if (block.when) {
      const when = block.when as Condition | Condition[];
      const first = Array.isArray(when) ? when[0] : when;
      if (first) loads.push(first);
    } else {
      for (const load of blockData[block.kind]?.(block) ?? []) if (load?.call) loads.push(load);
    }
  }
  const seen = new Set<string>();
  return loads.flatMap((load) => {
    const bound = bindLoad(load, query);
    const key = bound && JSON.stringify(callKey(bound.call, bound.params));
    if (!bound || seen.has(key!)) return [];
    seen.add(key!);
    return [bound];
  });
}

/**
 * How long an answer put into the cache by {@link prefetchInto} stands in for the call of a
 * block that mounts with the same key (milliseconds). A screen's blocks mount progressively, one
 * per frame after the first ones, so on a slow phone the last of them mounts seconds after the
 * first took the answer; SWR's own deduplication ends two seconds after that, and the late block
 * would call again for an answer that is still fresh.
 */
export const PREFETCH_FRESH_MS = 10_000;

/** Prefetches under way, by serialized key. */
const underWay = new Map<string, Promise<unknown>>();

/** When each prefetched key's answer arrived (`Date.now()` milliseconds), by serialized key. */
const prefetchedAt = new Map<string, number>();

/**
 * Whether `key`'s cached answer came from {@link prefetchInto} less than
 * {@link PREFETCH_FRESH_MS} ago and nothing has ended its freshness since
 * ({@link forgetPrefetched}).
 */
export function freshFromPrefetch(key: readonly unknown[] | null, now = Date.now()): boolean {
  if (!key) return false;
  const at = prefetchedAt.get(JSON.stringify(key));
  return at !== undefined && now - at < PREFETCH_FRESH_MS;
}

/**
 * Whether a hook mounting with `key` should take the cached answer without revalidating: the
 * answer is fresh from the prefetch ({@link freshFromPrefetch}) and is in the hook's own cache
 * (a studio preview renders with a cache of its own, which the prefetch never fills).
 */
export function useFreshFromPrefetch(key: readonly unknown[] | null): boolean {
  const { cache } = useSWRConfig();
  return key !== null && freshFromPrefetch(key) && cache.get(unstable_serialize([...key]))?.data !== undefined;
}

/**
 * The fetcher of a hook with SWR key `key`: the prefetch of that key while it is under way (the
 * hook mounted before its answer: it waits for the same request), otherwise `call()`.
 */
export function takePrefetched<T>(key: readonly unknown[], call: () => Promise<T>): Promise<T> {
  return (underWay.get(JSON.stringify(key)) as Promise<T> | undefined) ?? call();
}

/**
 * Ends the freshness of every prefetched answer: blocks that mount later call as usual.
 * Called when the screen the answers were prefetched for is left and when a screen reloads
 * its data, so a screen opened again, or a block shown after a command, never shows an answer
 * older than what the user just did.
 */
export function forgetPrefetched(): void {
  prefetchedAt.clear();
}

/**
 * Starts `fetcher` for SWR key `key` ahead of the hook that will ask for it, and puts its answer
 * into SWR's cache when it arrives: a hook mounting after that renders the data in its first
 * render and, within {@link PREFETCH_FRESH_MS}, does not call again ({@link useFreshFromPrefetch});
 * a hook mounting before it waits for the same request ({@link takePrefetched}). A second
 * prefetch of a key under way returns the first.
 * @returns the answer; rejects with the fetcher's failure (which the hook that waited on it takes too).
 */
export function prefetchInto<T>(key: readonly unknown[], fetcher: () => Promise<T>): Promise<T> {
  const id = JSON.stringify(key);
  const pending = underWay.get(id) as Promise<T> | undefined;
  if (pending) return pending;
  const answer = fetcher().then(
    (data) => {
      underWay.delete(id);
      void mutate([...key], data, { revalidate: false });
      prefetchedAt.set(id, Date.now());
      return data;
    },
    (error: unknown) => {
      underWay.delete(id);
      throw error;
    },
  );
  underWay.set(id, answer);
  return answer;
}

/**
 * Starts the first render's calls of `layout` into SWR's cache ({@link prefetchInto}): the block
 * that mounts with the same key takes the answer (or the failure) instead of calling again.
 * @param call how a block calls (`host.call` without options, as `useCallData` does).
 * @returns settles (never rejects) once every call has answered or failed.
 */
export function prefetchScreenData(
  layout: Layout,
  query: Record<string, string>,
  blockData: Record<string, BlockData | undefined>,
  call: (name: string, params: Record<string, unknown>) => Promise<unknown>,
): Promise<void> {
  const answers = firstLoads(layout, query, blockData).map((load) =>
    // The failure belongs to the block that takes the answer; here it is only observed.
    prefetchInto(callKey(load.call, load.params), () => call(load.call, load.params)).catch(() => undefined),
  );
  return Promise.all(answers).then(() => undefined);
}
