/**
 * First paint: the data a screen's first render asks for, known from its layout
 * alone, so the app can start those calls while the blocks' code and the messages are still
 * loading instead of after the first render. Each block kind names its own loads (its module's
 * `data`); the first `when` condition of a block is the renderer's own load. Blocks behind a
 * condition and nested blocks are left to load themselves: whether they show is not yet known.
 */
import { mutate, preload } from 'swr';
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
 * Starts `fetcher` for SWR key `key` ahead of the hook that will ask for it (`preload`), and
 * puts its answer into SWR's cache when it arrives: a hook mounting after that renders the data
 * in its first render (`preload` alone hands it over only in a later task, after a skeleton was
 * painted), and its revalidation takes the same preloaded answer, so nothing is called twice.
 * @returns the answer; rejects with the fetcher's failure (also left for the hook to take).
 */
export function prefetchInto<T>(key: readonly unknown[], fetcher: () => Promise<T>): Promise<T> {
  const answer = Promise.resolve(preload([...key], fetcher) as Promise<T>);
  return answer.then((data) => {
    void mutate([...key], data, { revalidate: false });
    return data;
  });
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
