/**
 * The default registry: collects every block kind module (`renderers/blocks/<kind>/index.ts`,
 * found by folder), the widgets, formatters, icons, actions and dialogs into one
 * {@link RendererRegistry}. It only collects — each entry describes itself in its own folder;
 * the app hands the result (extended if it wishes) to `RendererProvider`.
 */
import { deferredComponent } from './lazy';
import type { AnyBlockComponent, BlockModule } from './types';
import type { RendererRegistry } from './registry-context';
import { DEFERRED_WIDGETS } from './widgets/deferred';
import { FORMATTERS } from './formatters';
import { ICONS } from './icons';
import { ACTIONS } from './actions';
import { DIALOGS } from './dialogs';
/**
 * Every block kind module, found by folder: a kind is added by adding its folder. Each export
 * is collected on its own, so the client bundle carries `kind`, `load` and `component` but not
 * the catalogue fragments (`schema`), which only the build and the tests read.
 */
const kinds = import.meta.glob<string>('./blocks/*/index.ts', { eager: true, import: 'kind' });
const loads = import.meta.glob<BlockModule['load']>('./blocks/*/index.ts', { eager: true, import: 'load' });
const components = import.meta.glob<AnyBlockComponent | undefined>('./blocks/*/index.ts', { eager: true, import: 'component' });
const datas = import.meta.glob<BlockModule['data']>('./blocks/*/index.ts', { eager: true, import: 'data' });

/** The block kinds: kind → its module's `load` and optional `component`. */
export const BLOCK_KINDS: Array<Pick<BlockModule, 'kind' | 'load' | 'component'>> = Object.keys(kinds)
  .sort()
  .map((file) => ({ kind: kinds[file]!, load: loads[file]!, component: components[file] }));

/**
 * Kind → the calls its first render makes, for the kinds that name them (the app
 * prefetches them with the entry screen, `prefetchScreenData`).
 */
export const BLOCK_DATA: Record<string, NonNullable<BlockModule['data']>> = Object.fromEntries(
  Object.keys(kinds).flatMap((file) => (datas[file] ? [[kinds[file]!, datas[file]!]] : [])),
);

/** A kind's component: the shipped one, else lazily loaded (with the chunk time-out) and preloadable. */
const componentOf = (module: Pick<BlockModule, 'load' | 'component'>): AnyBlockComponent => module.component ?? deferredComponent(module.load);

/** The default registry of the renderer. */
export const REGISTRY: RendererRegistry = {
  blocks: Object.fromEntries(BLOCK_KINDS.map((module) => [module.kind, componentOf(module)])),
  widgets: DEFERRED_WIDGETS,
  formatters: FORMATTERS,
  icons: ICONS,
  actions: ACTIONS,
  dialogs: DIALOGS,
};

/**
 * Loads the components of these block kinds (those not shipped with the shell) so they are
 * ready when the first screen renders. Resolves when all have loaded or failed —
 * never rejects: a failed kind is retried by the block's own render, which then shows its
 * error state. Unknown and shipped kinds are skipped.
 */
export async function preloadBlockKinds(registry: RendererRegistry, kinds: readonly string[]): Promise<void> {
  await Promise.all(kinds.map((kind) => {
    const component = registry.blocks[kind] as Partial<{ preload: () => Promise<unknown> }> | undefined;
    return component?.preload?.().catch(() => undefined);
  }));
}
