/**
 * The market and content block kinds (issue 5) ship as one lazy chunk (`./market.ts`): screens
 * without them (landing, forms) never load it, and it is prefetched when the browser is idle.
 * Each of those kinds' `load` picks its component from the chunk.
 */
import type { AnyBlockComponent } from '../types';

const loadChunk = () => import('./market');
type ChunkExport = keyof Awaited<ReturnType<typeof loadChunk>>;

/** `load` of a kind whose component is the chunk's export `name`. */
export const fromMarketChunk = (name: ChunkExport) => () => loadChunk().then((blocks) => ({ default: blocks[name] as AnyBlockComponent }));

if (typeof window !== 'undefined') {
  const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => void loadChunk().catch(() => undefined));
}
